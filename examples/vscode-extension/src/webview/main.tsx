// The webview page: the whole session view, fed and served by the extension through toolcards/webview.
import { createRoot } from 'react-dom/client'
import { VsCodeSession } from 'toolcards/webview'
import 'toolcards/styles.css'
import './page.css'

const root = document.getElementById('root')
if (root) createRoot(root).render(<VsCodeSession />)
