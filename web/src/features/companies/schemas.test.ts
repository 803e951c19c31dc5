import { parseLocations } from './format'
import { INVALID_EMAIL, inviteSchema, isEmailAddress, isWebAddress, logoProblem, MAX_LOGO_BYTES } from './schemas'

test('a website is an http or https address with a host and no spaces, as the server takes one', () => {
  for (const address of ['https://acme.example', 'http://acme.example/jobs?x=1', 'https://acme.example:8443']) expect(isWebAddress(address), address).toBe(true)
  for (const address of ['acme.example', 'ftp://acme.example', 'https://', 'https://acme .example', 'https://:80', 'javascript:alert(1)']) {
    expect(isWebAddress(address), address).toBe(false)
  }
})

test('locations are trimmed, blanks dropped and each kept once whatever its case', () => {
  expect(parseLocations(' Pune, , Bengaluru ,pune, Remote ,')).toEqual(['Pune', 'Bengaluru', 'Remote'])
  expect(parseLocations('')).toEqual([])
})

test("a logo's size is checked before its type, each with the server's message", () => {
  expect(logoProblem(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull()
  expect(logoProblem(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull()
  expect(logoProblem(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('The logo must be a PNG, JPEG or WebP image')
  expect(logoProblem(new File([new Uint8Array(MAX_LOGO_BYTES + 1)], 'a.gif', { type: 'image/gif' }))).toBe('The logo must be at most 2 MB')
  expect(logoProblem(new File([new Uint8Array(MAX_LOGO_BYTES)], 'a.png', { type: 'image/png' }))).toBeNull()
})

test('an invitation\'s address is one the server takes: one @ after something, a dotted domain, no spaces or < > , ;, at most 254 bytes', () => {
  for (const address of ['kim@example.com', '  Kim@Example.COM ', 'a.b+c@mail.example.co.in', `${'k'.repeat(242)}@example.com`]) expect(isEmailAddress(address), address).toBe(true)
  const refused = ['', 'kim', '@example.com', 'kim@', 'kim@example', 'kim@.example.com', 'kim@example.com.', 'kim@a@example.com', 'kim lee@example.com', 'kim@exa<mple.com', 'kim,lee@example.com', 'kim;@example.com', 'kim@exam\tple.com', `${'k'.repeat(243)}@example.com`]
  for (const address of refused) expect(isEmailAddress(address), address).toBe(false)
})

test("the Invite form's address is refused with the server's words, and its role is one of the three", () => {
  expect(inviteSchema.safeParse({ email: 'kim', role: 'recruiter' }).error?.issues.map((issue) => issue.message)).toEqual([INVALID_EMAIL])
  expect(INVALID_EMAIL).toBe('Please enter a valid email address')
  expect(inviteSchema.safeParse({ email: 'kim@example.com', role: 'hiringManager' }).success).toBe(true)
  expect(inviteSchema.safeParse({ email: 'kim@example.com', role: 'admin' }).success).toBe(false)
})
