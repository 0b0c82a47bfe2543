'use client'
import { type ComponentProps, memo, type ReactNode, useMemo } from 'react'
import Markdown, { type Components, type ExtraProps } from 'react-markdown'
import { decideImage, markdownUrlTransform } from '../../text/web'
import {
  MARKDOWN_MAX_BLOCK,
  MARKDOWN_MAX_DEPTH,
  MARKDOWN_MAX_MARKS,
  MARKDOWN_MAX_OPEN,
  type MarkdownHazard,
  markdownChunks,
  markdownHazard,
} from '../../text/web/chunks'
import { useHost } from '../host'
import { fill } from '../labels'
import { useWebTexts } from '../web/useWebTexts'
import { cx } from './format'
import { usePiecesShown } from './frameTurn'
import { SafeLink } from './SafeLink'
import { VisibleText } from './VisibleText'
import { rehypeVisibleMarkers } from './visibleMarkers'

type MdProps<K extends keyof React.JSX.IntrinsicElements> = React.JSX.IntrinsicElements[K] & ExtraProps

function MdLink({ href, children }: MdProps<'a'>) {
  const t = useWebTexts()
  // `href` already went through `markdownUrlTransform`: a refused URL arrives as ''.
  if (!href) {
    return (
      <span className="tc-unlinked" data-slot="md-dropped-link" title={t.text('linkRemoved')}>
        {children}
      </span>
    )
  }
  return <SafeLink url={href}>{children}</SafeLink>
}

function MdImage({ src, alt }: MdProps<'img'>) {
  const { allowRemoteImages } = useHost()
  const t = useWebTexts()
  const decision = decideImage(typeof src === 'string' ? src : '', allowRemoteImages === true)
  if (decision.kind === 'image') {
    return (
      <img
        className="tc-web-img"
        src={decision.src}
        alt={alt ?? ''}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    )
  }
  return (
    <span
      className="tc-web-img-placeholder"
      data-slot="md-image-placeholder"
      title={t.text('imageNotLoaded', { reason: decision.reason })}
    >
      {alt ? t.text('imageAlt', { alt }) : t.text('image')}
    </span>
  )
}

/** Headings of a page become bold paragraphs: a page's outline must not leak into the host's. */
function MdHeading({ children, node }: ComponentProps<'h1'> & ExtraProps) {
  const level = Number(node?.tagName.slice(1)) || 1
  return (
    <p className="tc-md-heading" data-level={level}>
      {children}
    </p>
  )
}

/** A code block scrolls sideways in a narrow panel: reachable by keyboard (axe scrollable-region-focusable). */
function MdPre({ children }: ComponentProps<'pre'> & ExtraProps) {
  return <pre tabIndex={0}>{children}</pre>
}

const REHYPE_PLUGINS = [rehypeVisibleMarkers]

const MD_COMPONENTS: Components = {
  a: MdLink,
  img: MdImage,
  h1: MdHeading,
  h2: MdHeading,
  h3: MdHeading,
  h4: MdHeading,
  h5: MdHeading,
  h6: MdHeading,
  pre: MdPre,
}

export interface SafeMarkdownProps {
  text: string
  /** Name of the region for assistive technology. */
  label: string
  className?: string
  /**
   * The text as plain text, shown (after a note saying why) where parsing it as markdown would take
   * seconds or overflow the stack (`markdownHazard`). Default: the text in a `<pre>`.
   */
  plain?: ReactNode
}

const LIMITS: Record<MarkdownHazard['kind'], number> = {
  depth: MARKDOWN_MAX_DEPTH,
  brackets: MARKDOWN_MAX_OPEN,
  marks: MARKDOWN_MAX_MARKS,
  block: MARKDOWN_MAX_BLOCK,
}

/**
 * Characters of markdown parsed in one piece. micromark took 60-150 ms for 20 KB of a page on a 2-core
 * machine, in one task; a long page renders a piece per frame (`markdownChunks`). A piece of 3,000 took
 * 14-16 ms of CPU, stretched past 50 ms on 2 cores under load; 1,500 cut the web card's longest task
 * (bench/huge, median of 8 runs) from 38 to 33 ms. The first piece runs the parser's code for the first
 * time in the page.
 */
export const MARKDOWN_PIECE_CHARS = 1_500
export const MARKDOWN_FIRST_PIECE_CHARS = 1_000

/** One piece of a page; memoized, so that a piece added later does not parse the ones before again. */
const Piece = memo(function Piece({ text }: { text: string }) {
  return (
    <Markdown
      skipHtml={false}
      urlTransform={markdownUrlTransform}
      components={MD_COMPONENTS}
      rehypePlugins={REHYPE_PLUGINS}
    >
      {text}
    </Markdown>
  )
})

/**
 * Untrusted markdown (a fetched page, a sub-agent's answer), rendered by react-markdown with raw HTML
 * shown as text (no rehype-raw), every URL through `markdownUrlTransform` (only http/https/mailto,
 * parsed), links through the host, images only when the host allows remote images, headings as bold
 * paragraphs, invisible characters as markers. A long text renders in pieces of about
 * `MARKDOWN_PIECE_CHARS`, the first at once and one more per frame (all at once on a server).
 */
export const SafeMarkdown = memo(function SafeMarkdown({
  text,
  label,
  className,
  plain,
}: SafeMarkdownProps): ReactNode {
  const t = useWebTexts()
  const { chunks, definitions, hazard } = useMemo(() => {
    const pieces = markdownChunks(text, MARKDOWN_PIECE_CHARS, MARKDOWN_FIRST_PIECE_CHARS)
    return { ...pieces, hazard: markdownHazard(text, pieces.chunks) }
  }, [text])
  const shown = usePiecesShown(hazard ? 0 : chunks.length)
  if (hazard) {
    const what = fill(t.labels.markdownPlainWhat[hazard.kind], { n: t.number(hazard.size) })
    return (
      <div className={cx('tc-md', className)} data-slot="markdown" data-plain={hazard.kind}>
        <p className="tc-notice" data-kind="info" role="note">
          {t.text('markdownPlain', { what, limit: t.number(LIMITS[hazard.kind]) })}
        </p>
        {plain ?? (
          <pre className="tc-pre" tabIndex={0} role="group" aria-label={label}>
            <VisibleText text={text} />
          </pre>
        )}
      </div>
    )
  }
  return (
    <div
      className={cx('tc-md', className)}
      data-slot="markdown"
      role="group"
      aria-label={label}
      // a scroll area (long pages) must be reachable by keyboard
      tabIndex={0}
    >
      {chunks.slice(0, shown).map((chunk, i) => (
        // a reference in one piece may be defined in another: every piece gets the definitions
        // biome-ignore lint/suspicious/noArrayIndexKey: a piece's place is its identity
        <Piece key={i} text={definitions ? `${definitions}\n${chunk}` : chunk} />
      ))}
    </div>
  )
})
