import type { Element, ElementContent, Root } from 'hast'
import { hasInvisible, splitInvisible } from '../../text/invisible'

/**
 * A rehype plugin for react-markdown: text holding bidi controls, zero-width or control characters is
 * split so each such character becomes a visible `<U+202E>` marker element (as `VisibleText` does for
 * plain text). Iterative: a deeply nested page cannot overflow the stack.
 */
export function rehypeVisibleMarkers() {
  return (tree: Root): void => {
    const stack: Array<Root | Element> = [tree]
    while (stack.length > 0) {
      const parent = stack.pop() as Root | Element
      const next: Array<Root['children'][number]> = []
      let changed = false
      for (const child of parent.children) {
        if (child.type === 'element') stack.push(child)
        if (child.type === 'text' && hasInvisible(child.value)) {
          changed = true
          for (const part of splitInvisible(child.value)) {
            if (typeof part === 'string') next.push({ type: 'text', value: part })
            else next.push(marker(part.code, part.name, part.bidi))
          }
        } else {
          next.push(child)
        }
      }
      if (changed) parent.children = next as ElementContent[]
    }
  }
}

function marker(code: string, name: string, bidi: boolean): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: {
      className: ['tc-invisible'],
      dataSlot: 'invisible-marker',
      ...(bidi ? { dataBidi: '' } : {}),
      title: `${code} ${name}${bidi ? ': may reorder how this text reads' : ''}`,
    },
    children: [{ type: 'text', value: `<${code}>` }],
  }
}
