// Built the way the pages' Content-Security-Policy needs: no schema may evaluate code.
test('building and parsing an object schema never constructs a Function (CSP script-src forbids eval)', async () => {
  const constructed: unknown[] = []
  const original = globalThis.Function
  globalThis.Function = new Proxy(original, {
    construct(target, args, newTarget) {
      constructed.push(args)
      return Reflect.construct(target, args, newTarget)
    },
  })
  try {
    const { z } = await import('./zod')
    const schema = z.object({ name: z.string().check(z.trim(), z.minLength(1)), years: z.optional(z.number()) })
    expect(z.parse(schema, { name: ' Ann ', years: 3 })).toEqual({ name: 'Ann', years: 3 })
    expect(z.safeParse(schema, { name: '' }).success).toBe(false)
  } finally {
    globalThis.Function = original
  }
  expect(constructed).toEqual([])
})

test('no module imports zod except through @/lib/zod, which configures it', () => {
  const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/lib/zod.ts'], { query: '?raw', import: 'default', eager: true })
  const direct = Object.entries(sources)
    .filter(([, text]) => /from ['"]zod(\/[^'"]*)?['"]/.test(text))
    .map(([file]) => file)
  expect(direct).toEqual([])
})
