'use client'
import { type ReactNode, useEffect, useState } from 'react'
import type { SafeMarkdownProps } from './SafeMarkdown'

type MarkdownModule = typeof import('./SafeMarkdown')

let loaded: MarkdownModule | null = null
let loading: Promise<MarkdownModule> | null = null

/** Loads the markdown renderer (once); resolves when `LazyMarkdown` can render markdown at once. */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./SafeMarkdown').then((m) => {
    loaded = m
    return m
  })
  return loading
}

/**
 * `SafeMarkdown`, loaded on first use: the markdown stack (react-markdown, micromark, mdast, hast,
 * unified, vfile: about 90 KB minified) stays out of the first load of a page that renders cards.
 * `fallback` (the text as plain lines) shows until it has loaded, a few milliseconds from a local bundle;
 * once loaded, markdown renders in the first pass (no suspense, the same on the server).
 */
export function LazyMarkdown({ fallback, ...props }: SafeMarkdownProps & { fallback: ReactNode }) {
  const [module, setModule] = useState(loaded)
  useEffect(() => {
    if (module) return
    let live = true
    loadMarkdown().then(
      (m) => {
        if (live) setModule(m)
      },
      () => {}, // stays plain text
    )
    return () => {
      live = false
    }
  }, [module])
  return module ? <module.SafeMarkdown {...props} /> : fallback
}
