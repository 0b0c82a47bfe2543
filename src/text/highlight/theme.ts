/**
 * The token kinds of the default theme (css-theme.ts), whose colours are CSS variables
 * (`var(--tc-syntax-keyword)`). The renderer maps these colours to `data-tk` attributes. Apart from the
 * theme itself, which loads with the highlighting service.
 */

/** The token kinds of the default theme; each is a CSS variable `--tc-syntax-<kind>`. */
export const SYNTAX_KINDS = [
  'comment',
  'constant',
  'entity',
  'tag',
  'keyword',
  'string',
  'variable',
  'parameter',
  'regexp',
  'invalid',
  'heading',
  'link',
  'inserted',
  'deleted',
  'changed',
] as const
export type SyntaxKind = (typeof SYNTAX_KINDS)[number]

/** The CSS variable of a token kind (or of the plain foreground and background). */
export const syntaxVar = (kind: SyntaxKind | 'fg' | 'bg') => `var(--tc-syntax-${kind})`

/** Parses `var(--tc-syntax-keyword)` back to its kind; null for any other colour. */
export function syntaxKindOf(color: string | undefined): SyntaxKind | null {
  if (!color?.startsWith('var(--tc-syntax-')) return null
  const kind = color.slice(16, -1)
  return (SYNTAX_KINDS as readonly string[]).includes(kind) ? (kind as SyntaxKind) : null
}
