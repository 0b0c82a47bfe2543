import type { StorybookConfig } from '@storybook/react-vite'

/**
 * Storybook loads the project's `vite.config.ts` by itself (React plugin, pre-bundled dependencies), so
 * nothing of Vite is repeated here.
 */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
}

export default config
