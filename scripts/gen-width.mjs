// Writes the East Asian Wide and Fullwidth ranges into src/text/terminal/width.ts (WIDE_RANGES), from
// get-east-asian-width (a devDependency: its tables, not its code, are what the kit needs): the first load
// is 606 bytes gzip smaller than with the package's tables and lookup (2026-12-06).
// Run after updating get-east-asian-width: width.test.ts compares every code point with the package.
import { readFileSync, writeFileSync } from 'node:fs'
import { eastAsianWidth } from 'get-east-asian-width'

/** Ranges [start, end] where the package says two cells (ambiguous narrow), merged where they touch. */
const ranges = []
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (eastAsianWidth(cp, { ambiguousAsWide: false }) !== 2) continue
  const last = ranges[ranges.length - 1]
  if (last && last[1] === cp - 1) last[1] = cp
  else ranges.push([cp, cp])
}
// each range as two base-36 numbers: its start after the previous range's end, its end after its start
let prev = 0
const parts = []
for (const [start, end] of ranges) {
  parts.push((start - prev).toString(36), (end - start).toString(36))
  prev = end
}
const file = new URL('../src/text/terminal/width.ts', import.meta.url)
const source = readFileSync(file, 'utf8')
const next = source.replace(/const WIDE_RANGES =\n? *'[^']*'/, `const WIDE_RANGES =\n  '${parts.join(' ')}'`)
if (next === source && !source.includes(parts.join(' '))) throw new Error('WIDE_RANGES not found in width.ts')
writeFileSync(file, next)
console.log(`width.ts: ${ranges.length} ranges`)
