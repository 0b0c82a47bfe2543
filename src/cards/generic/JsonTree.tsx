'use client'
import { type ComponentProps, memo, useMemo, useState } from 'react'
import { keysOf } from '../../protocol'
import { useTexts } from '../host'
import { ShowMore } from '../shared/ShowMore'
import { VisibleText } from '../shared/VisibleText'

/** Children shown per page of a large array or object. */
export const JSON_PAGE_SIZE = 100
/** Strings longer than this are cut, with "show all". */
export const JSON_STRING_PREVIEW = 400

export interface JsonTreeProps extends Omit<ComponentProps<'div'>, 'children'> {
  value: unknown
  /**
   * Levels expanded at first. Default 1 (the root's children are listed, theirs are collapsed).
   * @default 1
   */
  defaultExpandDepth?: number
}

/**
 * A JSON value as a tree of disclosure buttons. Large arrays and objects open in pages of
 * `JSON_PAGE_SIZE`, so a 1,000,000-item array renders 100 rows; nothing deeper than what the user opened
 * is rendered, so depth costs nothing until expanded.
 */
export function JsonTree({ value, defaultExpandDepth = 1, className, ...props }: JsonTreeProps) {
  return (
    <div {...props} className={['tc-json', className].filter(Boolean).join(' ')} data-slot="json-tree">
      <JsonNode name={null} value={value} depth={0} expandDepth={defaultExpandDepth} />
    </div>
  )
}

interface NodeProps {
  name: string | null
  value: unknown
  depth: number
  expandDepth: number
}

const JsonNode = memo(function JsonNode({ name, value, depth, expandDepth }: NodeProps) {
  if (value !== null && typeof value === 'object') {
    return <JsonBranch name={name} value={value as object} depth={depth} expandDepth={expandDepth} />
  }
  return (
    <div className="tc-json-leaf">
      {name !== null ? <JsonKey name={name} /> : null}
      <JsonPrimitive value={value} />
    </div>
  )
})

function JsonKey({ name }: { name: string }) {
  return (
    <span className="tc-json-key">
      <VisibleText text={name} />
      <span className="tc-json-punct">: </span>
    </span>
  )
}

function JsonPrimitive({ value }: { value: unknown }) {
  const t = useTexts()
  const [full, setFull] = useState(false)
  if (typeof value === 'string') {
    const long = value.length > JSON_STRING_PREVIEW
    const shown = long && !full ? value.slice(0, JSON_STRING_PREVIEW) : value
    return (
      <span className="tc-json-string" data-type="string">
        &quot;
        <VisibleText text={shown} />
        {long && !full ? '…' : ''}
        &quot;
        {long ? (
          <button
            type="button"
            className="tc-button tc-button-inline tc-json-more"
            onClick={() => setFull(!full)}
          >
            {full ? t.text('showLess') : t.count('showAllCharacters', value.length)}
          </button>
        ) : null}
      </span>
    )
  }
  if (typeof value === 'number')
    return (
      <span className="tc-json-number" data-type="number">
        {String(value)}
      </span>
    )
  if (typeof value === 'boolean')
    return (
      <span className="tc-json-boolean" data-type="boolean">
        {String(value)}
      </span>
    )
  if (value === null)
    return (
      <span className="tc-json-null" data-type="null">
        null
      </span>
    )
  return (
    <span className="tc-json-null" data-type="other">
      {typeof value}
    </span>
  )
}

function JsonBranch({
  name,
  value,
  depth,
  expandDepth,
}: {
  name: string | null
  value: object
  depth: number
  expandDepth: number
}) {
  const t = useTexts()
  const [open, setOpen] = useState(depth < expandDepth)
  const [shown, setShown] = useState(JSON_PAGE_SIZE)
  const isArray = Array.isArray(value)
  // the key list of a big checked object is remembered by the check (`keysOf`): listing 200,000 keys
  // again costs about 40 ms each time
  const keys = useMemo(() => (isArray ? null : keysOf(value)), [isArray, value])
  const size = isArray ? (value as unknown[]).length : keys!.length
  const summary = isArray ? `[ ${t.count('items', size)} ]` : `{ ${t.count('keys', size)} }`
  const visible = Math.min(size, shown)
  const children = []
  if (open) {
    for (let i = 0; i < visible; i++) {
      const key = isArray ? String(i) : keys![i]!
      const child = isArray ? (value as unknown[])[i] : (value as Record<string, unknown>)[key]
      children.push(
        <li key={key}>
          <JsonNode name={key} value={child} depth={depth + 1} expandDepth={expandDepth} />
        </li>,
      )
    }
  }
  return (
    <div className="tc-json-branch" data-state={open ? 'expanded' : 'collapsed'}>
      <button type="button" className="tc-json-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {name !== null ? <JsonKey name={name} /> : null}
        <span className="tc-json-summary">{summary}</span>
      </button>
      {open && size > 0 ? (
        <ul className="tc-json-children">
          {children}
          {visible < size ? (
            <li className="tc-json-page">
              <ShowMore shown={visible} total={size} page={JSON_PAGE_SIZE} onMore={setShown} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}
