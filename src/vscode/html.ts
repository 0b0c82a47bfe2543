/**
 * The webview page: VS Code's recommended Content Security Policy (nothing by default; scripts only by a
 * fresh nonce; styles and fonts from the webview's own resources; pictures from them and `data:`), one
 * root element, the kit's stylesheet(s) and the page's module script(s).
 */
export interface WebviewHtmlOptions {
  /** `webview.cspSource`. */
  cspSource: string
  /** Script URLs (from `webview.asWebviewUri(...).toString()`), loaded as modules with the nonce. */
  scripts: readonly string[]
  /** Stylesheet URLs, e.g. the kit's `styles.css` and the page's own CSS. */
  styles?: readonly string[]
  /** A nonce from `createNonce()`; a new one is made when absent. */
  nonce?: string
  /**
   * The page title (for assistive technology).
   * @default "Agent session"
   */
  title?: string
  /**
   *
   * @default "en"
   */
  lang?: string
  /**
   * Id of the element the page renders into.
   * @default "root"
   */
  rootId?: string
}

/** The CSP of the page. */
export function webviewCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

/** 32 random bytes, base64: a nonce no page can guess (Web Crypto, present in the extension host). */
export function createNonce(): string {
  const bytes = new Uint8Array(32)
  globalThis.crypto.getRandomValues(bytes)
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s)
}

export function webviewHtml(options: WebviewHtmlOptions): string {
  const nonce = options.nonce ?? createNonce()
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce))
    throw new Error('webviewHtml: the nonce must be base64 (16+ characters)')
  if (/[;,\n\r]/.test(options.cspSource)) throw new Error('webviewHtml: unexpected characters in cspSource')
  const styles = (options.styles ?? []).map((href) => `    <link rel="stylesheet" href="${attr(href)}">`)
  const scripts = options.scripts.map(
    (src) => `    <script type="module" nonce="${nonce}" src="${attr(src)}"></script>`,
  )
  return [
    '<!doctype html>',
    `<html lang="${attr(options.lang ?? 'en')}">`,
    '  <head>',
    '    <meta charset="utf-8">',
    `    <meta http-equiv="Content-Security-Policy" content="${attr(webviewCsp(options.cspSource, nonce))}">`,
    '    <meta name="viewport" content="width=device-width, initial-scale=1">',
    `    <title>${text(options.title ?? 'Agent session')}</title>`,
    ...styles,
    '  </head>',
    '  <body>',
    `    <div id="${attr(options.rootId ?? 'root')}"></div>`,
    ...scripts,
    '  </body>',
    '</html>',
    '',
  ].join('\n')
}

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function text(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
