// @vitest-environment node
import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { parseIntent } from '../protocol'
import { fromAcp } from './acp'
import { fromClaudeCode } from './claudeCode'
import { fromCodex } from './codex'
import { detectFormat, fromAny } from './detect'
import { fromOpenHands } from './openhands'
import { fromSweAgent } from './sweAgent'
import { splitUnifiedDiff } from './util'

const anyJson = fc.jsonValue({ maxDepth: 4 })

describe('adapters on arbitrary input', () => {
  test.prop([fc.string({ maxLength: 400 })])('detectFormat and fromAny never throw on any text', (text) => {
    const r = fromAny(text)
    expect(r.format).toBe(detectFormat(text))
  })

  test.prop([fc.array(anyJson, { maxLength: 8 })])(
    'every adapter takes any JSON without throwing; every intent it makes is valid',
    (values) => {
      const jsonl = values.map((v) => JSON.stringify(v)).join('\n')
      const all = [
        fromClaudeCode(jsonl),
        fromCodex(jsonl),
        fromOpenHands(values),
        fromSweAgent({ trajectory: values }),
        fromAcp(values),
      ]
      for (const events of all)
        for (const e of events) if (e.intent !== undefined) expect(parseIntent(e.intent).ok).toBe(true)
    },
  )

  test.prop([
    fc.array(
      fc.record({
        path: fc.stringMatching(/^[a-z]{1,8}\.ts$/),
        lines: fc.array(
          fc.tuple(fc.constantFrom(' ', '-', '+'), fc.constantFrom('', '-- x', '++ y', 'plain', '--- a/z')),
          { minLength: 1, maxLength: 8 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  ])('splitUnifiedDiff finds each file once, even when content lines start with --- or +++', (files) => {
    const text = files
      .map((f) => {
        const oldN = f.lines.filter(([c]) => c !== '+').length
        const newN = f.lines.filter(([c]) => c !== '-').length
        return [
          `diff --git a/${f.path} b/${f.path}`,
          `--- a/${f.path}`,
          `+++ b/${f.path}`,
          `@@ -1,${oldN} +1,${newN} @@`,
          ...f.lines.map(([c, t]) => c + t),
        ].join('\n')
      })
      .join('\n')
    const parsed = splitUnifiedDiff(text)
    expect(parsed.map((p) => p.path)).toEqual(files.map((f) => f.path))
    parsed.forEach((p, i) => {
      expect(p.patch?.split('\n').slice(4)).toEqual(files[i]!.lines.map(([c, t]) => c + t))
    })
  })
})
