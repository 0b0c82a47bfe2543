import { fc, test as propTest } from '@fast-check/vitest'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InlineCode } from './InlineCode'
import { PathText, splitPath } from './PathText'

describe('PathText', () => {
  it('splits a path into directories and the file name', () => {
    expect(splitPath('src/cards/Card.tsx')).toEqual(['src/cards/', 'Card.tsx'])
    expect(splitPath('/Users/easong/code/codex/live/session_live.jsonl')).toEqual([
      '/Users/easong/code/codex/live/',
      'session_live.jsonl',
    ])
    expect(splitPath('C:\\work\\a.txt')).toEqual(['C:\\work\\', 'a.txt'])
    expect(splitPath('src/cards/')).toEqual(['src/', 'cards/'])
    expect(splitPath('README.md')).toEqual(['', 'README.md'])
    expect(splitPath('/')).toEqual(['', '/'])
  })

  propTest.prop([fc.string({ maxLength: 80 })])('the two parts always give the path back', (path) => {
    const [dir, name] = splitPath(path)
    expect(dir + name).toBe(path)
  })

  it('keeps the whole path as its text (screen readers) and its tooltip (hover)', () => {
    const { container } = render(<PathText path="/Users/easong/code/codex/live/session_live.jsonl" />)
    const el = container.querySelector('[data-slot="path"]')!
    expect(el.textContent).toBe('/Users/easong/code/codex/live/session_live.jsonl')
    expect(el).toHaveAttribute('title', '/Users/easong/code/codex/live/session_live.jsonl')
    expect(el.querySelector('.tc-pathtext-name')?.textContent).toBe('session_live.jsonl')
  })
})

describe('InlineCode', () => {
  it('shows `code` spans as code, not as backticks', () => {
    const { container } = render(<InlineCode text="is required: give `patch`, or `oldText`/`newText`" />)
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
      'patch',
      'oldText',
      'newText',
    ])
    expect(container.textContent).toBe('is required: give patch, or oldText/newText')
  })

  it('pairs backticks in order and keeps a lone one as text', () => {
    const { container } = render(<InlineCode text="a `b` c `d" />)
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['b'])
    expect(container.textContent).toBe('a b c `d')
  })
})
