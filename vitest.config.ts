import { resolve } from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

const chromium = process.env.CHROMIUM_PATH || undefined

/**
 * Pre-bundle every dependency the browser tests reach, so that Vite never discovers one mid-run and
 * reloads the page (which fails the running test on a fresh clone). shiki's languages and themes are
 * plain ESM loaded on demand: excluded rather than pre-bundled.
 */
export const optimizeDeps = {
  include: [
    'react',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    'react-dom',
    'react-dom/client',
    '@sinclair/typebox',
    '@sinclair/typebox/value',
    '@sinclair/typebox/errors',
    '@tanstack/react-virtual',
    'react-markdown',
    '@cfworker/json-schema',
    'diff',
    'get-east-asian-width',
    '@testing-library/react',
    '@testing-library/user-event',
    'axe-core',
  ],
  exclude: [
    'shiki',
    '@shikijs/langs',
    '@shikijs/themes',
    '@shikijs/core',
    '@shikijs/engine-javascript',
    '@shikijs/engine-oniguruma',
  ],
}

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.browser.test.{ts,tsx}'],
          setupFiles: ['test/setup-unit.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        optimizeDeps,
        test: {
          name: 'browser',
          globals: true,
          include: ['src/**/*.browser.test.{ts,tsx}', 'test/**/*.browser.test.{ts,tsx}'],
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: launchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        plugins: [storybookTest({ configDir: resolve(import.meta.dirname, '.storybook') })],
        optimizeDeps,
        test: {
          name: 'storybook',
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: launchOptions() }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})

function launchOptions() {
  return {
    ...(chromium ? { executablePath: chromium } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  }
}
