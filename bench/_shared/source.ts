/** A TypeScript file of `n` lines (request handlers); with `nonLatin`, one comment holds a CJK character. */
export function tsSource(n: number, nonLatin = false): string {
  const out: string[] = []
  for (let i = 0; out.length < n; i++) {
    out.push(
      `/** Handler ${i}: parses the request and answers with a typed result. */`,
      `export async function handler${i}(req: Request, ctx: { id: string; retries: number }): Promise<Response> {`,
      `  const url = new URL(req.url) // query ${i}`,
      `  if (!url.searchParams.has('q')) return new Response('missing q', { status: 400 })`,
      `  const items = [${i}, ${i + 1}, ${i + 2}].map((x) => x * 2).filter(Boolean)`,
      `  return Response.json({ id: ctx.id, items, at: \`item-\${${i}}\` })`,
      '}',
      '',
    )
  }
  const lines = out.slice(0, n)
  if (nonLatin) lines[n - 5] = `${lines[n - 5]} // 注`
  return `${lines.join('\n')}\n`
}
