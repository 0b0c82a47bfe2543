import { utf8Bytes } from '../format'
import { childPath, type Problem } from '../protocol'
import type { ContentBlock, TextContent } from './types'

export { utf8Bytes }

/** One text block. */
export function text(value: string): TextContent {
  return { type: 'text', text: value }
}

/**
 * Checks that a projector returned content blocks (an array of MCP-shaped blocks) and returns the problems,
 * located by JSON path (`$[1].text: expected a string`). Never throws on JSON input.
 */
export function checkContent(content: unknown): Problem[] {
  if (!Array.isArray(content))
    return [{ path: '$', message: `expected an array of content blocks, got ${kind(content)}` }]
  const problems: Problem[] = []
  content.forEach((block: unknown, i) => {
    const at = childPath('$', i)
    if (block === null || typeof block !== 'object' || Array.isArray(block)) {
      problems.push({ path: at, message: `expected a content block, got ${kind(block)}` })
      return
    }
    const b = block as Record<string, unknown>
    const need = (key: string, optional = false) => {
      const v = b[key]
      if (v === undefined && optional) return
      if (typeof v !== 'string')
        problems.push({ path: childPath(at, key), message: `expected a string, got ${kind(v)}` })
    }
    switch (b.type) {
      case 'text':
        need('text')
        break
      case 'image':
      case 'audio':
        need('data')
        need('mimeType')
        break
      case 'resource_link':
        need('uri')
        need('name')
        for (const key of ['title', 'description', 'mimeType']) need(key, true)
        break
      case 'resource': {
        const r = b.resource
        const rat = childPath(at, 'resource')
        if (r === null || typeof r !== 'object' || Array.isArray(r)) {
          problems.push({ path: rat, message: `expected a resource, got ${kind(r)}` })
          break
        }
        const res = r as Record<string, unknown>
        if (typeof res.uri !== 'string')
          problems.push({ path: childPath(rat, 'uri'), message: `expected a string, got ${kind(res.uri)}` })
        if (res.mimeType !== undefined && typeof res.mimeType !== 'string') {
          problems.push({
            path: childPath(rat, 'mimeType'),
            message: `expected a string, got ${kind(res.mimeType)}`,
          })
        }
        if (typeof res.text !== 'string' && typeof res.blob !== 'string') {
          problems.push({ path: rat, message: 'expected `text` or `blob` (a string)' })
        }
        break
      }
      default:
        problems.push({
          path: childPath(at, 'type'),
          message: `expected one of text, image, audio, resource_link, resource, got ${typeof b.type === 'string' ? JSON.stringify(b.type.slice(0, 40)) : kind(b.type)}`,
        })
    }
  })
  return problems
}

/** The text the model reads: text blocks and embedded text resources, joined by newlines. */
export function contentText(content: readonly ContentBlock[]): string {
  const parts: string[] = []
  for (const block of content) {
    if (block.type === 'text') parts.push(block.text)
    else if (block.type === 'resource' && 'text' in block.resource) parts.push(block.resource.text)
  }
  return parts.join('\n')
}

/**
 * The longest prefix of `s` of at most `maxBytes` UTF-8 bytes that does not split a character
 * (a surrogate pair stays whole). Returns the prefix and its size.
 */
export function cutUtf8(s: string, maxBytes: number): { text: string; bytes: number } {
  let n = 0
  let i = 0
  while (i < s.length) {
    const c = s.charCodeAt(i)
    let size: number
    let width = 1
    if (c < 0x80) size = 1
    else if (c < 0x800) size = 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        size = 4
        width = 2
      } else size = 3
    } else size = 3
    if (n + size > maxBytes) break
    n += size
    i += width
  }
  return { text: s.slice(0, i), bytes: n }
}

function kind(v: unknown): string {
  if (v === undefined) return 'nothing'
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  return `a ${typeof v}`
}
