// Loaded apart from the cards (vite.config.ts, LOADED_LATER): a diff card needs it only to copy.
import { formatHunkHeader } from './hunkHeader'
import { quotePath } from './quote'
import type { ParsedDiffFile } from './types'

export { formatHunkHeader }

function side(prefix: 'a/' | 'b/', path: string | null): string {
  if (path === null) return '/dev/null'
  const q = quotePath(prefix + path)
  // git ends a path holding a space with a tab so readers know where it stops.
  return q.includes(' ') && !q.startsWith('"') ? `${q}\t` : q
}

/** Writes files back as a git-style unified diff; `parseUnifiedDiff(formatUnifiedDiff(f)).files` equals `f`. */
export function formatUnifiedDiff(files: readonly ParsedDiffFile[]): string {
  let out = ''
  for (const f of files) {
    const a = f.oldPath ?? f.newPath ?? ''
    const b = f.newPath ?? f.oldPath ?? ''
    if (f.git) {
      out += `diff --git ${quotePath(`a/${a}`)} ${quotePath(`b/${b}`)}\n`
      if (f.status === 'added' || (f.oldPath === null && f.newMode !== undefined)) {
        out += `new file mode ${f.newMode ?? '100644'}\n`
      } else if (f.status === 'deleted' || (f.newPath === null && f.oldMode !== undefined)) {
        out += `deleted file mode ${f.oldMode ?? '100644'}\n`
      } else {
        if (f.oldMode !== undefined) out += `old mode ${f.oldMode}\n`
        if (f.newMode !== undefined) out += `new mode ${f.newMode}\n`
      }
      if (f.similarity !== undefined) out += `similarity index ${f.similarity}%\n`
      if (f.dissimilarity !== undefined) out += `dissimilarity index ${f.dissimilarity}%\n`
      if (f.status === 'renamed' || f.status === 'copied') {
        const w = f.status === 'renamed' ? 'rename' : 'copy'
        out += `${w} from ${quotePath(a)}\n${w} to ${quotePath(b)}\n`
      }
      if (f.oldHash !== undefined && f.newHash !== undefined) {
        out += `index ${f.oldHash}..${f.newHash}${f.mode !== undefined ? ` ${f.mode}` : ''}\n`
      }
    }
    if (f.binary) {
      out += `Binary files ${side('a/', f.oldPath)} and ${side('b/', f.newPath)} differ\n`
      continue
    }
    if (f.hunks.length === 0 && f.git) continue
    out += `--- ${side('a/', f.oldPath)}\n+++ ${side('b/', f.newPath)}\n`
    for (const h of f.hunks) {
      out += `${formatHunkHeader(h)}\n`
      for (const l of h.lines) {
        out += `${l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : ' '}${l.text}\n`
        if (l.noNewline) out += '\\ No newline at end of file\n'
      }
    }
  }
  return out
}
