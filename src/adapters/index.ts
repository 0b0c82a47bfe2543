// toolcards/adapters: foreign agent logs → session events (no React, no DOM).
export { fromClaudeCode, stripLineArrows } from './claudeCode'
export { shellLine, splitUnifiedDiff, structuredPatchText } from './util'
