#!/usr/bin/env node
// The `toolcards` command (`dist/cli.js`): `toolcards view <file>`.
import { main } from './main'

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`toolcards: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  },
)
