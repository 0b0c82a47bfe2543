import type { FileSource } from './read-file'
import type { FileMap } from './search'
import type { ShellArgs, ShellRunner, ShellValue } from './shell'

/**
 * In-memory stand-ins for the browser (Storybook) and for tests: a small project's files, and a shell that
 * answers a few commands from a table. Deterministic: no clock, no randomness.
 */
export const demoFiles: FileMap = {
  'package.json': '{\n  "name": "demo",\n  "version": "1.0.0",\n  "type": "module"\n}\n',
  'src/greet.ts': [
    "import { format } from './format'",
    '',
    '/** Greets someone by name. */',
    'export function greet(name: string): string {',
    "  if (name === '') throw new Error('name is empty')",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the file's own text holds a template literal
    '  return format(`Hello, ${name}!`)',
    '}',
    '',
  ].join('\n'),
  'src/format.ts': [
    '/** Trims and collapses spaces. */',
    'export function format(text: string): string {',
    "  return text.trim().replace(/\\s+/g, ' ')",
    '}',
    '',
  ].join('\n'),
  'src/greet.test.ts': [
    "import { greet } from './greet'",
    '',
    "test('greet says hello', () => {",
    "  expect(greet('Ada')).toBe('Hello, Ada!')",
    '})',
    '',
    "test('greet refuses an empty name', () => {",
    "  expect(() => greet('')).toThrow('name is empty')",
    '})',
    '',
  ].join('\n'),
  'README.md': '# demo\n\nA tiny project: `greet(name)` says hello.\n',
  'config/secrets.txt': 'API_KEY=demo-not-a-real-key\n',
}

export function memoryFiles(files: FileMap = demoFiles): FileSource {
  return {
    async readText(path) {
      if (!Object.hasOwn(files, path)) throw new Error(`ENOENT: no such file or directory, open '${path}'`)
      return files[path]!
    },
  }
}

const ESC = '\u001b'

const CANNED: Record<string, Pick<ShellValue, 'stdout' | 'stderr' | 'exitCode'>> = {
  ls: { stdout: 'README.md\npackage.json\nsrc\n', stderr: '', exitCode: 0 },
  'ls src': { stdout: 'format.ts\ngreet.test.ts\ngreet.ts\n', stderr: '', exitCode: 0 },
  'npm test': {
    stdout:
      `\n> demo@1.0.0 test\n> vitest run\n\n ${ESC}[32m✓${ESC}[39m src/greet.test.ts ${ESC}[2m(2 tests)${ESC}[22m\n\n` +
      ` ${ESC}[1mTest Files${ESC}[22m  ${ESC}[32m1 passed${ESC}[39m (1)\n ${ESC}[1m     Tests${ESC}[22m  ${ESC}[32m2 passed${ESC}[39m (2)\n`,
    stderr: '',
    exitCode: 0,
  },
  'git status --short': { stdout: ' M src/greet.ts\n?? src/format.ts\n', stderr: '', exitCode: 0 },
  'cat missing.txt': { stdout: '', stderr: 'cat: missing.txt: No such file or directory\n', exitCode: 1 },
}

function sequence(from: number, to: number): string {
  const lines: string[] = []
  for (let i = from; i <= Math.min(to, from + 199_999); i++) lines.push(String(i))
  return lines.length ? `${lines.join('\n')}\n` : ''
}

/** A shell that knows `seq A B` and the commands above; anything else is "command not found" (exit 127). */
export function fakeShellRunner(options: { durationMs?: number } = {}): ShellRunner {
  return {
    async run(args: ShellArgs, io): Promise<ShellValue> {
      const seq = /^seq (\d{1,6}) (\d{1,6})$/.exec(args.command)
      const known = seq
        ? { stdout: sequence(Number(seq[1]), Number(seq[2])), stderr: '', exitCode: 0 }
        : Object.hasOwn(CANNED, args.command)
          ? CANNED[args.command]
          : undefined
      const word = args.command.split(/\s+/)[0] ?? ''
      const r = known ?? { stdout: '', stderr: `sh: 1: ${word}: not found\n`, exitCode: 127 }
      if (r.stdout) io.onOutput?.(r.stdout)
      return {
        command: args.command,
        cwd: args.cwd ?? '/home/demo',
        ...r,
        signal: null,
        timedOut: false,
        durationMs: options.durationMs ?? 12,
      }
    },
  }
}
