import { execFileSync } from 'node:child_process'

/**
 * Runs git in `dir` with no user or system configuration (HOME and XDG_CONFIG_HOME point at `dir`, C
 * locale) and returns its output. Exit status 1 with output is an answer, not a failure: `git diff
 * --no-index` says the files differ with it, `git merge` a conflict.
 */
export function runGit(dir: string, args: string[], input?: string): string {
  try {
    return execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      ...(input !== undefined ? { input } : {}),
      maxBuffer: 256 * 1024 * 1024,
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir, XDG_CONFIG_HOME: dir, LC_ALL: 'C' },
    })
  } catch (err) {
    const e = err as { status?: number; stdout?: string }
    if (e.status === 1 && typeof e.stdout === 'string') return e.stdout
    throw err
  }
}
