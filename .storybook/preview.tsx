import type { Decorator, Preview } from '@storybook/react-vite'
import '../src/styles.css'
import { loadWebCard } from '../src/cards/web'
import './preview.css'

type ThemeChoice = 'both' | 'light' | 'dark'

/**
 * Every story renders in the light and the dark theme at once (stacked), so each story test runs
 * axe against both palettes. The toolbar narrows it to one theme for browsing.
 * Play functions should query inside `canvasElement.querySelector('[data-theme="light"]')`.
 */
const withThemes: Decorator = (Story, context) => {
  const choice = (context.globals.theme ?? 'both') as ThemeChoice
  const themes: Array<'light' | 'dark'> = choice === 'both' ? ['light', 'dark'] : [choice]
  return (
    <div className="tc-story-themes">
      {themes.map((theme) => (
        <section
          key={theme}
          className="tc-story-pane tc-root"
          data-theme={theme}
          aria-label={`${theme} theme`}
        >
          <Story />
        </section>
      ))}
    </div>
  )
}

const preview: Preview = {
  decorators: [withThemes],
  // The web card loads on first use (src/cards/web/LazyWebCard.tsx); stories show it loaded, as every
  // web card after a page's first one renders. Its loading frame has a story of its own (WebCard: Loading).
  loaders: [
    async () => {
      await loadWebCard()
      return {}
    },
  ],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'both', title: 'Light and dark' },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'both' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    controls: { expanded: false },
  },
}

export default preview
