import type { DiffHunk } from './types'

function hunkRange(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`
}

/** `@@ -a,b +c,d @@ header` */
export function formatHunkHeader(h: DiffHunk): string {
  return `@@ -${hunkRange(h.oldStart, h.oldLines)} +${hunkRange(h.newStart, h.newLines)} @@${h.header ? ` ${h.header}` : ''}`
}
