import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyModule, useLazyModule } from './lazyModule'

describe('lazyModule', () => {
  it('imports once, however many ask, and keeps the module', async () => {
    const importer = vi.fn(async () => ({ name: 'm' }))
    const lazy = lazyModule(importer)
    expect(lazy.current()).toBeNull()
    const [a, b] = await Promise.all([lazy.load(), lazy.load()])
    expect(a).toBe(b)
    expect(await lazy.load()).toBe(a)
    expect(importer).toHaveBeenCalledTimes(1)
    expect(lazy.current()).toBe(a)
  })

  it('a load that failed is tried again on the next call; what it throws becomes an Error', async () => {
    let fail = true
    const importer = vi.fn(async () => {
      if (fail) throw 'offline'
      return { name: 'm' }
    })
    const lazy = lazyModule(importer)
    await expect(lazy.load()).rejects.toThrow(new Error('offline'))
    expect(lazy.current()).toBeNull()
    fail = false
    expect(await lazy.load()).toEqual({ name: 'm' })
    expect(importer).toHaveBeenCalledTimes(2)
  })
})

function Show({ lazy }: { lazy: ReturnType<typeof lazyModule<{ name: string }>> }) {
  const m = useLazyModule(lazy)
  return <p>{m === null ? 'loading' : m instanceof Error ? `failed: ${m.message}` : m.name}</p>
}

describe('useLazyModule', () => {
  it('null while loading, then the module; a module loaded before shows in the first render', async () => {
    let resolve: (m: { name: string }) => void = () => {}
    const lazy = lazyModule(() => new Promise<{ name: string }>((r) => (resolve = r)))
    render(<Show lazy={lazy} />)
    expect(screen.getByText('loading')).toBeDefined()
    await act(async () => resolve({ name: 'ready' }))
    expect(screen.getByText('ready')).toBeDefined()
    const again = render(<Show lazy={lazy} />)
    expect(again.container.textContent).toBe('ready')
  })

  it('the error when it cannot load', async () => {
    const lazy = lazyModule<{ name: string }>(() => Promise.reject(new Error('refused by CSP')))
    render(<Show lazy={lazy} />)
    expect(await screen.findByText('failed: refused by CSP')).toBeDefined()
  })
})
