import type { CardStatus } from '../../protocol'
import type { Labels, Tone } from '../labels'

/**
 * The tone of each call status before a card adds what it knows; a new status does not compile until it
 * has one. `busy` statuses show a spinner.
 */
export const STATUS_INFO: Record<CardStatus, { tone: Tone; busy: boolean }> = {
  pending: { tone: 'busy', busy: true },
  running: { tone: 'busy', busy: true },
  'awaiting-approval': { tone: 'waiting', busy: false },
  completed: { tone: 'success', busy: false },
  failed: { tone: 'failure', busy: false },
  cancelled: { tone: 'cancelled', busy: false },
  // the user said no: the call did not run; it reads as stopped, with its own word ("Rejected")
  rejected: { tone: 'cancelled', busy: false },
  // what checkCardModel gives a status it does not know: never a success
  unknown: { tone: 'unknown', busy: false },
}

/**
 * What a card knows of how its call ended, beyond the call's status: a non-zero exit, a signal, a
 * timeout, an HTTP status of 400 or more, an error flag in the result. The frame turns it and the status
 * into one outcome, shown once in the header.
 */
export interface OutcomeFacts {
  /** The call failed by what the card shows (exit 1, HTTP 404, a timeout). */
  failed?: boolean
  /** The call was stopped before it finished (interrupted). */
  cancelled?: boolean
  /** One short detail shown with the outcome, e.g. `exit 1 · SIGTERM`, `404 Not Found`, `timed out`. */
  detail?: string
}

export interface CardOutcome {
  tone: Tone
  /** The words of the status, from the labels table. */
  label: string
  /** Shows a spinner. */
  busy: boolean
  detail: string | undefined
}

function knownStatus(status: unknown): status is CardStatus {
  return typeof status === 'string' && Object.hasOwn(STATUS_INFO, status)
}

/**
 * One outcome from the call's status, the card's facts and the call's error text:
 * - a pending or running call stays busy whatever the facts say (the output is still coming);
 * - a completed call with failure facts or an error text is a failure; with cancel facts, cancelled;
 * - a failed or cancelled call keeps its status (facts only add the detail);
 * - a status the kit does not know reads as unknown, never as success (failure facts still win).
 */
export function deriveOutcome(
  status: unknown,
  facts: OutcomeFacts | undefined,
  error: unknown,
  labels: Labels,
): CardOutcome {
  const detail = facts?.detail || undefined
  if (!knownStatus(status)) {
    if (facts?.failed) return { tone: 'failure', label: labels.status.failed, busy: false, detail }
    return { tone: 'unknown', label: labels.statusUnknown, busy: false, detail }
  }
  const info = STATUS_INFO[status]
  const label = labels.status[status]
  if (info.tone !== 'success') return { tone: info.tone, label, busy: info.busy, detail }
  if (facts?.failed || (typeof error === 'string' && error.trim() !== ''))
    return { tone: 'failure', label: labels.status.failed, busy: false, detail }
  if (facts?.cancelled) return { tone: 'cancelled', label: labels.status.cancelled, busy: false, detail }
  return { tone: 'success', label, busy: false, detail }
}
