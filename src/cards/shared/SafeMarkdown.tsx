'use client'
import { type ComponentProps, memo, type ReactNode } from 'react'
import Markdown, { type Components, type ExtraProps } from 'react-markdown'
import { decideImage, markdownUrlTransform } from '../../text/web'
import { useHost } from '../host'
import { rehypeVisibleMarkers } from '../web/visibleMarkers'
import { SafeLink } from './SafeLink'

// Loaded on demand (LazyMarkdown.tsx): react-markdown and its parser are about 90 KB minified, and only
// a markdown excerpt needs them.

type MdProps<K extends keyof React.JSX.IntrinsicElements> = React.JSX.IntrinsicElements[K] & ExtraProps

function MdLink({ href, children }: MdProps<'a'>) {
  // `href` already went through `markdownUrlTransform`: a refused URL arrives as ''.
  if (!href) {
    return (
      <span
        className="tc-unlinked"
        data-slot="md-dropped-link"
        title="Link removed: not an http, https or mailto URL"
      >
        {children}
      </span>
    )
  }
  return <SafeLink url={href}>{children}</SafeLink>
}

function MdImage({ src, alt }: MdProps<'img'>) {
  const { allowRemoteImages } = useHost()
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
      title={`Image not loaded: ${decision.reason}`}
    >
      [image{alt ? `: ${alt}` : ''}]
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
}

/**
 * Markdown from a page, rendered by react-markdown with raw HTML shown as text (no rehype-raw), every URL
 * through `markdownUrlTransform` (only http/https/mailto, parsed), links through the host, images only
 * when the host allows remote images.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text }: { text: string }): ReactNode {
  return (
    <div className="tc-web-md" data-slot="web-markdown" role="group" aria-label="Page excerpt" tabIndex={0}>
      <Markdown
        skipHtml={false}
        urlTransform={markdownUrlTransform}
        components={MD_COMPONENTS}
        rehypePlugins={REHYPE_PLUGINS}
      >
        {text}
      </Markdown>
    </div>
  )
})
