'use client'
import { type ComponentProps, type CSSProperties, memo, type ReactNode } from 'react'
import { syntaxKindOf } from '../../../text/highlight/theme'
import { FontStyle, type HighlightToken, type TokenLine } from '../../../text/highlight/types'
import { hasInvisible } from '../../../text/invisible'
import { cx } from '../format'
import { VisibleText } from '../VisibleText'

/**
 * Props for one token's `<span>`. Default-theme colours (`var(--tc-syntax-keyword)`) become
 * `data-tk="keyword"`, styled by `highlight.css` from theme tokens (no inline style at all); other
 * themes' colours go in two custom properties, `--tc-tk-light` and `--tc-tk-dark`, and the stylesheet
 * picks one by theme, so switching theme never re-highlights.
 */
export function tokenSpanProps(token: HighlightToken): {
  'data-tk'?: string
  className?: string
  style?: CSSProperties
} {
  const out: { 'data-tk'?: string; className?: string; style?: CSSProperties } = {}
  const fs = token.fontStyle ?? 0
  const classes = cx(
    (fs & FontStyle.italic) !== 0 && 'tc-token-italic',
    (fs & FontStyle.bold) !== 0 && 'tc-token-bold',
    (fs & FontStyle.underline) !== 0 && 'tc-token-underline',
    (fs & FontStyle.strikethrough) !== 0 && 'tc-token-strike',
  )
  const lightKind = syntaxKindOf(token.light)
  if (token.light && lightKind && (token.dark === undefined || token.dark === token.light)) {
    out['data-tk'] = lightKind
  } else if (token.light || token.dark) {
    const light = safeColor(token.light)
    const dark = safeColor(token.dark) ?? light
    const style: Record<string, string> = {}
    if (light) style['--tc-tk-light'] = light
    if (dark) style['--tc-tk-dark'] = dark
    if (light || dark) {
      out.style = style as CSSProperties
      out['data-tk'] = 'custom'
    }
  }
  if (classes) out.className = classes
  return out
}

/** Colours come from themes, but a host's theme is still checked: a colour, never a `url()` or `;`. */
function safeColor(c: string | undefined): string | undefined {
  if (!c || c.length > 200) return undefined
  return /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(rgb|rgba|hsl|hsla|oklch|oklab|lab|lch|color|var)\([-\w\s.,%/()]*\))$/.test(
    c,
  ) && !/url\s*\(/i.test(c)
    ? c
    : undefined
}

/**
 * One piece of a coloured line: a `<span>` with the token's props, or, for a piece with no colour and no
 * style (the text between tokens), a bare text node, so a line of code is about half the elements a span
 * per piece makes (fewer boxes to style and lay out). Text with bidi or invisible characters still goes
 * through `VisibleText`, as a marker.
 */
export function tokenPiece(key: number, props: ReturnType<typeof tokenSpanProps>, text: string): ReactNode {
  const plain = props['data-tk'] === undefined && props.className === undefined && props.style === undefined
  if (!hasInvisible(text)) {
    return plain ? (
      text
    ) : (
      <span key={key} {...props}>
        {text}
      </span>
    )
  }
  return plain ? (
    <VisibleText key={key} text={text} />
  ) : (
    <span key={key} {...props}>
      <VisibleText text={text} />
    </span>
  )
}

/** The tokens as React nodes (bidi and invisible characters shown as markers). */
export function renderTokens(tokens: TokenLine): ReactNode[] {
  return tokens.map((t, i) => tokenPiece(i, tokenSpanProps(t), t.content))
}

/** True when the tokens are those of `text` (guards against tokens of an older version of a line). */
export function tokensMatch(tokens: TokenLine, text: string): boolean {
  let n = 0
  for (const t of tokens) n += t.content.length
  if (n !== text.length) return false
  let at = 0
  for (const t of tokens) {
    if (!text.startsWith(t.content, at)) return false
    at += t.content.length
  }
  return true
}

export interface HighlightedLineProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** The line's text: shown as it is until tokens arrive, and whenever they do not match it. */
  text: string
  /** Tokens for `text`; `null`/`undefined` mean plain. */
  tokens?: TokenLine | null | undefined
}

/**
 * One line of code: coloured spans when tokens are there, else the plain text. Either way bidi controls
 * and invisible characters appear as `<U+202E>`-style markers; no HTML string is ever built.
 */
export const HighlightedLine = memo(function HighlightedLine({
  text,
  tokens,
  className,
  ...props
}: HighlightedLineProps) {
  // an empty line with an empty token list is highlighted too (there is nothing to colour)
  const ok = tokens !== null && tokens !== undefined && tokensMatch(tokens, text)
  return (
    <span
      {...props}
      className={cx('tc-code-line', className)}
      data-slot="code-line"
      data-highlighted={ok ? '' : undefined}
    >
      {ok ? renderTokens(tokens) : <VisibleText text={text} />}
    </span>
  )
})
