import { createRoot } from 'react-dom/client'
import '../../src/styles.css'
import './viewer.css'
import { ViewerApp } from './ViewerApp'

const root = document.getElementById('root')
if (root) createRoot(root).render(<ViewerApp />)
