/**
 * React's `useId` values (`_r_1f_`) come from a counter shared by every root, so two renders of the same
 * tree get different ones. For comparing DOMs, each distinct id is renamed by order of first appearance
 * (`id-1`, `id-2`...): which element refers to which is kept, the counter's value is not.
 */
export function normalizeIds(html: string): string {
  const names = new Map<string, string>()
  return html.replace(/_r_[0-9a-z]+_/g, (id) => {
    let name = names.get(id)
    if (name === undefined) {
      name = `id-${names.size + 1}`
      names.set(id, name)
    }
    return name
  })
}

/**
 * A card announces its outcome once, in its polite live region, when it finishes while mounted: live
 * rendering says "…: Completed" there, a replay says nothing (nothing finished). Everything else in the
 * DOM must match, so for comparing live with replay the region's words are taken out.
 */
export function withoutAnnouncements(html: string): string {
  return html.replace(/(<span[^>]*data-slot="card-announcement"[^>]*>)[^<]*(<\/span>)/g, '$1$2')
}
