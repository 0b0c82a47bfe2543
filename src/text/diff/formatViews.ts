// Loaded apart from the cards (vite.config.ts, LOADED_LATER): a diff card needs it only to copy.
import { formatUnifiedDiff } from './format'
import type { DiffFileView } from './view'

/**
 * The files as one patch (what "Copy diff" gives): each file's own part of the patch it came from, as it
 * came (git's extended headers kept, so `git apply` reads renames and mode changes); a file made from whole
 * texts or from bare hunks is written out, as a git diff.
 */
export function formatFileViews(files: readonly DiffFileView[]): string {
  let out = ''
  for (const f of files) {
    let text = f.patch
    if (text === undefined) {
      // (an unchanged file has nothing to copy: a header alone is not a patch)
      if (f.hunks.length === 0 && f.status === 'modified') continue
      text = formatUnifiedDiff([
        {
          oldPath: f.oldPath,
          newPath: f.newPath,
          status: f.status,
          additions: f.additions,
          deletions: f.deletions,
          hunks: f.hunks,
          ...(f.status === 'binary' ? { binary: true as const } : {}),
          git: true,
        },
      ])
    }
    if (text === '') continue
    out += text.endsWith('\n') ? text : `${text}\n`
  }
  return out
}
