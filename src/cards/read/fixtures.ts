import type { CardModel, ReadIntent } from '../../protocol'
import { corpusReads } from './corpus'

export function readModel(id: string, intent: ReadIntent, extra: Partial<CardModel> = {}): CardModel {
  return {
    id,
    toolName: 'read-file',
    args: { path: intent.path },
    status: 'completed',
    durationMs: 12,
    intent,
    ...extra,
  }
}

export const smallTs: ReadIntent = {
  card: 'read',
  path: 'src/lib/retry.ts',
  content: `import { sleep } from './sleep'

/** Retries \`fn\` with exponential backoff; gives up after \`attempts\`. */
export async function retry<T>(fn: () => Promise<T>, attempts = 3, baseMs = 100): Promise<T> {
  let last: unknown
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn()
    } catch (error) {
      last = error
      await sleep(baseMs * 2 ** i)
    }
  }
  throw new Error(\`failed after \${attempts} attempts\`, { cause: last })
}
`,
}

/** A TypeScript-looking file of `n` lines (deterministic). */
export function generatedTs(n: number, extra = ''): string {
  const out: string[] = []
  for (let i = 0; out.length < n; i++) {
    const block = [
      `/** Handler number ${i}: parses the request and answers with a typed result. */`,
      `export async function handler${i}(req: Request, ctx: { id: string; retries: number }): Promise<Response> {`,
      `  const url = new URL(req.url) // ${extra}`,
      `  if (!url.searchParams.has('q')) return new Response('missing q', { status: 400 })`,
      `  const items = [${i}, ${i + 1}, ${i + 2}].map((x) => x * 2).filter(Boolean)`,
      `  return Response.json({ id: ctx.id, items, at: \`item-\${${i}}\` })`,
      '}',
      '',
    ]
    out.push(...block)
  }
  return `${out.slice(0, n).join('\n')}\n`
}

export const middleRange: ReadIntent = {
  card: 'read',
  path: 'src/server/handlers.ts',
  content: generatedTs(61),
  startLine: 120,
  totalLines: 2400,
}

export function tenThousand(): ReadIntent {
  return { card: 'read', path: 'src/generated/handlers.ts', content: generatedTs(10_000), totalLines: 10_000 }
}

/** Minified code on one line (about `kb` KB). */
export function minified(kb = 300): ReadIntent {
  const unit = 'function a(b,c){return b&&c?b.map(function(d){return d*c}):[]}var e={f:1,g:"h"};'
  return {
    card: 'read',
    path: 'dist/vendor.min.js',
    content: unit.repeat(Math.ceil((kb * 1024) / unit.length)),
  }
}

export const nonLatin: ReadIntent = {
  card: 'read',
  path: 'src/i18n/messages.py',
  content: `# -*- coding: utf-8 -*-
# 翻訳メッセージ (translations)
MESSAGES = {
    "ja": "こんにちは、世界",
    "ru": "Привет, мир",
    "el": "Γειά σου Κόσμε",
    "ar": "مرحبا بالعالم",
    "he": "שלום עולם",
    "hi": "नमस्ते दुनिया",
    "emoji": "✅ done 🎉",
}


def greet(lang: str) -> str:
    """Возвращает приветствие."""
    return MESSAGES.get(lang, MESSAGES["ja"])
`,
}

/** The Trojan Source sample (CVE-2021-42574): reads as a comment, runs as a comparison. */
export const trojanSource: ReadIntent = {
  card: 'read',
  path: 'src/auth/check.js',
  content: `#!/usr/bin/env node
var accessLevel = "user";
if (accessLevel != "user\u202E \u2066// Check if admin\u2069 \u2066") {
    console.log("You are an admin.");
}
const admin\u200B = true; // a zero-width space hides in the name
`,
}

export const unknownLanguage: ReadIntent = {
  card: 'read',
  path: 'notes/plan.xyz',
  language: 'klingon',
  content: 'step 1: read the code\nstep 2: change it\nstep 3: run the tests\n',
}

export const hostileLanguage: ReadIntent = {
  card: 'read',
  path: '../../etc/constructor',
  language: '__proto__',
  content: 'constructor.prototype.polluted = true\n',
}

export const binaryLooking: ReadIntent = {
  card: 'read',
  path: 'assets/logo.png',
  content:
    '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0000\u0010\u0000\u0000\u0000\u0010\b\u0006\u0000\u0000\u0000\u001f\u00f3\u00ffa\u0000\u0000\u0000\u0004gAMA\u0000\u0000\u00b1\u008f\u000b\u00fca\u0005',
}

export const emptyFile: ReadIntent = { card: 'read', path: 'src/empty.ts', content: '' }

export const truncatedRead: ReadIntent = {
  card: 'read',
  path: 'logs/build.log',
  content: generatedTs(40),
  totalLines: 50_000,
  truncated: { shownLines: 40, totalLines: 50_000, reason: 'line limit' },
  spill: { path: '/tmp/tool-output/read-7f3a.txt', totalBytes: 4_200_000 },
}

export const dockerfile: ReadIntent = {
  card: 'read',
  path: 'Dockerfile',
  content: `FROM node:20-slim AS build
WORKDIR /app
COPY package*.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM gcr.io/distroless/nodejs20
COPY --from=build /app/dist /app
CMD ["/app/server.js"]
`,
}

/** Real Read results from the corpus, mapped by hand: Claude Code's `file` -> a read intent. */
export const corpusIntents: ReadIntent[] = corpusReads.map(({ result: { file } }) => ({
  card: 'read',
  path: file.filePath,
  content: file.content,
  startLine: file.startLine,
  totalLines: file.totalLines,
}))
