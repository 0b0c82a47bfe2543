import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)', '../examples/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  async viteFinal(config) {
    const include = [
      '@sinclair/typebox',
      '@sinclair/typebox/value',
      '@sinclair/typebox/errors',
      '@tanstack/react-virtual',
      'react-markdown',
      '@cfworker/json-schema',
      'diff',
      'get-east-asian-width',
    ]
    const exclude = [
      'shiki',
      '@shikijs/langs',
      '@shikijs/themes',
      '@shikijs/core',
      '@shikijs/engine-javascript',
      '@shikijs/engine-oniguruma',
    ]
    config.optimizeDeps = {
      ...config.optimizeDeps,
      include: [...(config.optimizeDeps?.include ?? []), ...include],
      exclude: [...(config.optimizeDeps?.exclude ?? []), ...exclude],
    }
    return config
  },
}

export default config
