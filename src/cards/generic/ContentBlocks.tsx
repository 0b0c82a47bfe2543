import { useState } from 'react'
import { useTexts } from '../host'
import { SafeLink } from '../shared/SafeLink'
import { ShowMore } from '../shared/ShowMore'
import { VisibleText } from '../shared/VisibleText'
import { JsonTree } from './JsonTree'

/** Picture types shown inline, only as base64 `data:` URLs (no request leaves the page; no SVG). */
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|bmp);base64,[A-Za-z0-9+/]+={0,2}$/

type Block = { type: string } & Record<string, unknown>

/**
 * Is this value a list of content blocks (`[{ type: 'text', text }, { type: 'image', dataUrl }, ...]`,
 * the shape of MCP and model-API tool results)?
 */
export function isContentBlocks(value: unknown): value is Block[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    // (shown a page at a time: 10,000 blocks render as 20; over 500 they were a collapsed JSON node)
    value.length <= 10_000 &&
    value.every(
      (b) =>
        b !== null && typeof b === 'object' && !Array.isArray(b) && typeof (b as Block).type === 'string',
    )
  )
}

/**
 * Blocks shown at first, and added by each "Show more": each text block is a list of lines of its own, so
 * 500 blocks of 2,000 characters rendered at once held the page 188 ms of CPU in Chromium.
 */
export const BLOCKS_PAGE_SIZE = 20

/** Content blocks: text as text, safe pictures inline, links through SafeLink, anything else as JSON. */
export function ContentBlocks({
  blocks,
  renderText,
}: {
  blocks: Block[]
  renderText: (text: string) => React.ReactNode
}) {
  const [shown, setShown] = useState(BLOCKS_PAGE_SIZE)
  return (
    <>
      <ol className="tc-blocks">
        {blocks.slice(0, shown).map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of an immutable result, in order
          <li key={i} className="tc-block" data-block={block.type}>
            <BlockView block={block} renderText={renderText} />
          </li>
        ))}
      </ol>
      {blocks.length > shown ? (
        <p className="tc-show-more">
          <ShowMore shown={shown} total={blocks.length} page={BLOCKS_PAGE_SIZE} onMore={setShown} />
        </p>
      ) : null}
    </>
  )
}

function BlockView({ block, renderText }: { block: Block; renderText: (text: string) => React.ReactNode }) {
  const t = useTexts()
  const str = (k: string) => (typeof block[k] === 'string' ? (block[k] as string) : undefined)
  switch (block.type) {
    case 'text':
      if (str('text') !== undefined) return renderText(str('text')!)
      break
    case 'image': {
      const url = str('dataUrl')
      const size = typeof block.bytes === 'number' ? t.bytes(block.bytes) : ''
      const type = str('mimeType')
      const label = type
        ? size
          ? t.text('imageBlockTypeSize', { type, size })
          : t.text('imageBlockType', { type })
        : t.text('imageBlock')
      if (url && url.length < 20_000_000 && SAFE_IMAGE.test(url)) {
        return (
          <figure className="tc-block-image">
            <img src={url} alt={t.text('toolResultImage')} />
            <figcaption>{label}</figcaption>
          </figure>
        )
      }
      return (
        <p className="tc-empty">
          {t.text('notShown', { what: label })}
          {str('note') ? ` (${str('note')})` : ''}
        </p>
      )
    }
    case 'resource_link': {
      const uri = str('uri') ?? ''
      return (
        <p className="tc-block-link">
          {t.text('link')} <SafeLink url={uri}>{str('title') ?? str('name') ?? uri}</SafeLink>
          {str('description') ? (
            <>
              {' '}
              <VisibleText text={str('description')!} />
            </>
          ) : null}
        </p>
      )
    }
    case 'resource': {
      return (
        <div className="tc-block-resource">
          <p>
            {t.text('resource')} <code className="tc-path">{str('uri') ?? ''}</code>
            {str('mimeType') ? ` (${str('mimeType')})` : ''}
          </p>
          {str('text') !== undefined ? renderText(str('text')!) : null}
        </div>
      )
    }
  }
  return <JsonTree value={block} />
}
