import { type DragEvent, useState } from 'react'
import { FORMAT_NAMES, fromAny } from '../../src/adapters/detect'
import { ToolcardsProvider } from '../../src/cards/host'
import { SessionView } from '../../src/cards/session'
import type { SessionEvent } from '../../src/protocol'

type Loaded =
  | { name: string; format: string; events: SessionEvent[]; problem?: string }
  | { name: string; error: string }

/** Reads a dropped or chosen session file in the browser (nothing is uploaded) and shows its cards. */
export function SessionFileDrop() {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [over, setOver] = useState(false)
  const read = async (file: File | undefined) => {
    if (!file) return
    try {
      const text = await file.text()
      const { format, events, report } = fromAny(text)
      if (format === 'unknown')
        setLoaded({
          name: file.name,
          error: `This is not a session log toolcards knows. ${report.problem ?? ''}`.trim(),
        })
      else
        setLoaded({
          name: file.name,
          format: FORMAT_NAMES[format],
          events,
          ...(report.problem ? { problem: report.problem } : {}),
        })
    } catch (error) {
      setLoaded({
        name: file.name,
        error: `Could not read it: ${error instanceof Error ? error.message : String(error)}`,
      })
    }
  }
  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault()
    setOver(false)
    void read(e.dataTransfer.files[0])
  }
  return (
    <div className="tc-story-drop">
      <label
        className="tc-story-dropzone"
        data-over={over || undefined}
        style={{
          border: '2px dashed var(--tc-border)',
          borderRadius: 'var(--tc-radius)',
          padding: '1rem',
          display: 'grid',
          gap: '0.5rem',
        }}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>
          Drop a session file here, or choose one: Claude Code <code>.jsonl</code>, Codex log or rollout,
          OpenHands events or output, SWE-agent <code>.traj</code>, Gemini CLI session, Responses API items,
          MCP results, ACP messages. It is read in this page only.
        </span>
        <input type="file" onChange={(e) => void read(e.currentTarget.files?.[0])} />
      </label>
      {loaded && 'error' in loaded ? (
        <p role="alert">
          {loaded.name}: {loaded.error}
        </p>
      ) : null}
      {loaded && 'events' in loaded ? (
        <>
          <p role="status">
            {loaded.name}: {loaded.format}, {new Set(loaded.events.map((e) => e.id)).size} tool calls
          </p>
          {loaded.problem ? <p role="note">{loaded.problem}</p> : null}
          <AgentSession events={loaded.events} label={`Tool calls in ${loaded.name}`} />
        </>
      ) : null}
    </div>
  )
}

/** A session's cards in a fixed-height scroll area. */
export function AgentSession({ events, label }: { events: readonly SessionEvent[]; label: string }) {
  return (
    <ToolcardsProvider>
      <div className="tc-story-session" style={{ height: 520, display: 'flex', flexDirection: 'column' }}>
        <SessionView events={events} followEnd={false} label={label} />
      </div>
    </ToolcardsProvider>
  )
}
