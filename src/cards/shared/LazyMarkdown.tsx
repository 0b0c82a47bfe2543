'use client'
import type { ReactNode } from 'react'
import { lazyModule, useLazyModule } from './lazyModule'
import type { SafeMarkdownProps } from './SafeMarkdown'

const markdownModule = lazyModule(() => import('./SafeMarkdown'))

/** Loads the markdown renderer (once); resolves when `LazyMarkdown` can render markdown at once. */
export function loadMarkdown(): Promise<typeof import('./SafeMarkdown')> {
  return markdownModule.load()
}

/**
 * `SafeMarkdown`, loaded on first use: the markdown stack (react-markdown, micromark, mdast, hast,
 * unified, vfile: about 90 KB minified) stays out of the first load of a page that renders cards.
 * `fallback` (the text as plain lines) shows until it has loaded, a few milliseconds from a local bundle;
 * once loaded, markdown renders in the first pass (no suspense, the same on the server).
 */
export function LazyMarkdown({ fallback, ...props }: SafeMarkdownProps & { fallback: ReactNode }) {
  const module = useLazyModule(markdownModule)
  // until it loads, and if it cannot (offline, a CSP that refuses the chunk): plain text
  return module && !(module instanceof Error) ? <module.SafeMarkdown {...props} plain={fallback} /> : fallback
}
