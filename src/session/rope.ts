/**
 * A persistent append-only text (a rope of chunks) for terminal output that streams in. Appending is
 * O(1) in the text so far and never copies it; the text is joined lazily, once, when first read, and the
 * joined text is kept so that the next read joins only what came after. Older versions stay valid (a
 * version is a node; appending makes a new node pointing at the old one).
 */
export interface RopeNode {
  /** The version this one extends; `null` once `flat` holds the whole text. */
  prev: RopeNode | null
  /** The chunk this version appended (or the whole start text for a first node). */
  readonly piece: string
  /** The whole text, once read. */
  flat: string | undefined
  /** Length of the whole text, in UTF-16 code units. */
  readonly length: number
}

export function ropeFrom(text: string): RopeNode {
  return { prev: null, piece: text, flat: text, length: text.length }
}

export function ropeAppend(node: RopeNode, chunk: string): RopeNode {
  return { prev: node, piece: chunk, flat: undefined, length: node.length + chunk.length }
}

/** The whole text of a version. Joins the chunks since the last read, then remembers the result. */
export function ropeText(node: RopeNode): string {
  if (node.flat !== undefined) return node.flat
  const pieces: string[] = []
  let at: RopeNode | null = node
  while (at !== null && at.flat === undefined) {
    pieces.push(at.piece)
    at = at.prev
  }
  pieces.reverse()
  const flat = (at === null ? '' : at.flat) + pieces.join('')
  node.flat = flat
  // Drop the link to older versions: this version no longer needs them (they stay valid on their own).
  node.prev = null
  return flat
}
