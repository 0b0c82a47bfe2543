/**
 * Limits applied to everything that arrives over the wire, before any schema check.
 * Sizes are measured in UTF-16 code units (JavaScript string length), which equals bytes for ASCII
 * and is at most 2x off in either direction for other text.
 */
export const LIMITS = {
  /** The whole intent (its JSON text, or the sum of its strings and keys plus 8 per value). */
  maxIntentSize: 64 * 1024 * 1024,
  /** Any single string field. A longer string is cut to this size and the cut is reported. */
  maxStringSize: 16 * 1024 * 1024,
  /** Nesting of arrays and objects; measured without recursion. */
  maxDepth: 64,
  /** Arrays, objects and primitives in one intent. */
  maxNodes: 4_000_000,
  /** Problems reported for one intent; further ones are summarised as one more. */
  maxProblems: 20,
} as const

export type Limits = { -readonly [K in keyof typeof LIMITS]: number }
