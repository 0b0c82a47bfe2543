import { describe, expect, it } from 'vitest'
import { compileSchema } from './validate'

describe('compileSchema', () => {
  const schema = {
    type: 'object',
    required: ['name', 'files'],
    additionalProperties: false,
    properties: {
      name: { type: 'string' },
      files: {
        type: 'array',
        items: { type: 'object', required: ['path'], properties: { path: { type: 'string' } } },
      },
      'odd key': { type: 'integer' },
    },
  }

  it('passes a valid value and returns a plain copy', () => {
    const check = compileSchema(schema)
    const input = { name: 'n', files: [{ path: 'a' }] }
    const r = check(input)
    expect(r).toEqual({ ok: true, value: input })
    if (r.ok) expect(r.value).not.toBe(input)
  })

  it('names each failing place by JSON path, leaf errors only', () => {
    const r = compileSchema(schema)({ files: [{ path: 'a' }, { path: 3 }, {}], extra: 1, 'odd key': 1.5 })
    expect(r).toEqual({
      ok: false,
      problems: [
        { path: '$', message: 'is missing the required property "name"' },
        { path: '$.files[1].path', message: 'expected string, got number' },
        { path: '$.files[2]', message: 'is missing the required property "path"' },
        { path: '$["odd key"]', message: 'expected integer, got number' },
        { path: '$', message: 'has a property the schema does not allow: "extra"' },
      ],
    })
  })

  it('does not annotate the tool’s own schema object', () => {
    const own = { type: 'object', properties: { a: { $ref: '#/$defs/s' } }, $defs: { s: { type: 'string' } } }
    const before = JSON.stringify(own)
    expect(compileSchema(own)({ a: 1 }).ok).toBe(false)
    expect(compileSchema(own)({ a: 'x' }).ok).toBe(true)
    expect(JSON.stringify(own)).toBe(before)
  })

  it('reads the draft from $schema (draft-04 exclusiveMaximum is a boolean)', () => {
    const d4 = compileSchema({
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'number',
      maximum: 5,
      exclusiveMaximum: true,
    })
    expect(d4(5).ok).toBe(false)
    expect(d4(4.9).ok).toBe(true)
  })

  it('boolean schemas', () => {
    expect(compileSchema(true)({ anything: [1] }).ok).toBe(true)
    expect(compileSchema(false)(1).ok).toBe(false)
  })

  it('checks size, depth and JSON-ness before the schema', () => {
    const check = compileSchema(true)
    expect(check(() => 1)).toEqual({
      ok: false,
      problems: [{ path: '$', message: 'expected a JSON value, got a function' }],
    })
    expect(check({ a: Number.POSITIVE_INFINITY })).toEqual({
      ok: false,
      problems: [{ path: '$.a', message: 'expected a finite number, got Infinity' }],
    })
    const proto = JSON.parse('{"__proto__": {"polluted": true}}')
    const r = check(proto)
    expect(r.ok).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
