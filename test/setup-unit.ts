import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// A test fails on any unexpected console error or warning (STYLE.md: tests read like the user).
let spies: Array<ReturnType<typeof vi.spyOn>> = []
beforeEach(() => {
  spies = [
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      throw new Error(`console.error in test: ${args.map(String).join(' ')}`)
    }),
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      throw new Error(`console.warn in test: ${args.map(String).join(' ')}`)
    }),
  ]
})
afterEach(() => {
  cleanup()
  for (const s of spies) s.mockRestore()
})
