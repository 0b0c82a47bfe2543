import { ENVELOPE_LABEL_LIMIT, UNNAMED_TOOL } from './envelope'
import { CARD_STATUSES, type CardModel } from './model'

/** One envelope field as docs/protocol.md states it. */
export interface EnvelopeFieldDoc {
  /** The JSON type. */
  type: string
  /** What the field means and what the check does with a wrong one. */
  doc: string
}

const quote = (s: string): string => JSON.stringify(s)

/**
 * The documentation of each `ENVELOPE_FIELDS` entry (for docs/protocol.md), one per field of `CardModel`:
 * the mapped type makes a new field a compile error until it is documented here. A function in a module
 * of its own, so that a bundle that does not call it carries none of these strings (a table built at
 * module load would be kept: building it calls functions).
 */
export function envelopeDocs(): { readonly [K in keyof Required<CardModel>]: EnvelopeFieldDoc } {
  return {
    id: {
      type: 'string',
      doc: `Unique within a session. Cut at ${ENVELOPE_LABEL_LIMIT} characters.`,
    },
    toolName: {
      type: 'string',
      doc: `Shown only as the title of the generic fallback. Cut at ${ENVELOPE_LABEL_LIMIT} characters; a blank one reads ${quote(UNNAMED_TOOL)}.`,
    },
    args: {
      type: 'any JSON',
      doc: 'The raw arguments. Checked for size, depth and JSON-ness like an intent; a bad value shows as `null`.',
    },
    status: {
      type: CARD_STATUSES.map((s) => `\`"${s}"\``).join(' \\| '),
      doc: 'Any other value reads as `"unknown"`, never as a success.',
    },
    intent: {
      type: 'unknown',
      doc: 'The render intent, checked by `parseIntent` when the card renders.',
    },
    error: {
      type: 'string',
      doc: 'Error text of a failed call. An `Error` (or anything with a string `message`) shows its message; any other value, its JSON text.',
    },
    durationMs: {
      type: 'number ≥ 0',
      doc: 'How long the call took, in milliseconds. NaN, infinite or negative: left out.',
    },
    sidechain: {
      type: 'string',
      doc: `Set for calls made by a sub-agent, with its label when known (\`""\` when not). Cut at ${ENVELOPE_LABEL_LIMIT} characters.`,
    },
    approval: {
      type: 'object',
      doc: 'Set when the host asked for approval: `{ options: [{ optionId, kind, label }] (1 to 16, ids unique), reason?, decision?: { optionId (one of the options), by?, reason? } }`. A malformed one is left out (no buttons are shown for it).',
    },
  }
}
