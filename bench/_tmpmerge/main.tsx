import { createRoot } from 'react-dom/client'
import '../../src/styles.css'
import { CardRenderer } from '../../src'
import { diffModel, mergeCommit } from '../../stories/fixtures/diff'
createRoot(document.getElementById('root')!).render(<CardRenderer model={diffModel('m', mergeCommit)} />)
;(window as any).__ready = true
