import { useEffect, useMemo, useState } from 'react'
import type { DiffIntent } from '../../protocol'
import type { DiffFileView } from '../../text/diff'
import { buildFileViews } from '../../text/diff/view'
import { DIFF_FIRST_READ } from './constants'

/**
 * The files to show. A long patch is first read up to `DIFF_FIRST_READ` (what the first screen needs),
 * then wholly in the next task; meanwhile `reading` is true and cut-off hunks are not reported.
 */
export function useFileViews(files: DiffIntent['files']): { views: DiffFileView[]; reading: boolean } {
  const long = useMemo(() => files.some((f) => (f.patch?.length ?? 0) > DIFF_FIRST_READ), [files])
  const first = useMemo(
    () =>
      buildFileViews(
        long
          ? files.map((f) =>
              f.patch && f.patch.length > DIFF_FIRST_READ
                ? { ...f, patch: f.patch.slice(0, f.patch.lastIndexOf('\n', DIFF_FIRST_READ) + 1) }
                : f,
            )
          : files,
      ),
    [files, long],
  )
  const [whole, setWhole] = useState<{ files: DiffIntent['files']; views: DiffFileView[] } | null>(null)
  useEffect(() => {
    if (!long) return
    const timer = setTimeout(() => setWhole({ files, views: buildFileViews(files) }), 0)
    return () => clearTimeout(timer)
  }, [files, long])
  if (!long) return { views: first, reading: false }
  if (whole && whole.files === files) return { views: whole.views, reading: false }
  return { views: first, reading: true }
}
