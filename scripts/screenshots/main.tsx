// The page the README screenshots are taken from: the overview's cards (stories/fixtures/showcase.ts) in
// the themes and locale the URL names (`?themes=light,dark&locale=zh-CN`), one column per theme.
import { createRoot } from 'react-dom/client'
import '../../src/styles.css'
import { CardRenderer } from '../../src/cards/CardRenderer'
import { ToolcardsProvider } from '../../src/cards/host'
import { LABELS_ZH_CN } from '../../src/cards/labels-zh-cn'
import { showcaseModels } from '../../stories/fixtures/showcase'

const params = new URLSearchParams(location.search)
const themes = (params.get('themes') ?? 'light').split(',')
const locale = params.get('locale') ?? 'en-US'
document.documentElement.lang = locale
document.body.style.margin = '0'

function Overview() {
  return (
    <div style={{ display: 'flex', alignItems: 'stretch' }}>
      {themes.map((theme) => (
        <section
          key={theme}
          className="tc-root"
          data-theme={theme}
          style={{ flex: '1 1 0', minWidth: 0, padding: 12, background: 'var(--tc-bg)' }}
        >
          <ToolcardsProvider
            labels={locale.startsWith('zh') ? LABELS_ZH_CN : undefined}
            locale={locale}
            onOpenPath={() => {}}
          >
            {showcaseModels.map((m) => (
              <CardRenderer key={m.id} model={m} />
            ))}
          </ToolcardsProvider>
        </section>
      ))}
    </div>
  )
}

createRoot(document.getElementById('root')!).render(<Overview />)
