'use client'
import { useEffect, useState } from 'react'

/** A module loaded on first use, once (see `lazyModule`). */
export interface LazyModule<M> {
  /** Loads the module, once; a load that failed is tried again on the next call. */
  load(): Promise<M>
  /** The module if it has loaded, else null. */
  current(): M | null
}

/**
 * A module that stays out of the first load: `importer` is `() => import('./Module')`, which the bundler
 * puts in a chunk of its own. A component renders it at once when it has loaded before (no suspense, the
 * same on the server once a host awaited `load()`), else after `useLazyModule` has loaded it.
 */
export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loaded: M | null = null
  let loading: Promise<M> | null = null
  return {
    load() {
      loading ??= importer().then(
        (m) => {
          loaded = m
          return m
        },
        (error: unknown) => {
          loading = null
          throw error instanceof Error ? error : new Error(String(error))
        },
      )
      return loading
    },
    current: () => loaded,
  }
}

/**
 * The module once loaded; null while it loads; the error if it cannot load (offline, a CSP that refuses
 * the chunk). Starts the load on mount when it has not loaded yet.
 */
export function useLazyModule<M>(lazy: LazyModule<M>): M | Error | null {
  const [module, setModule] = useState<M | Error | null>(lazy.current)
  useEffect(() => {
    if (module) return
    let live = true
    lazy.load().then(
      (m) => {
        if (live) setModule(m)
      },
      (error: Error) => {
        if (live) setModule(error)
      },
    )
    return () => {
      live = false
    }
  }, [lazy, module])
  return module
}
