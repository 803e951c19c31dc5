import * as z from 'zod/mini'

// Zod Mini: the same parser as classic Zod with functions in place of methods, so a page ships only
// the checks it uses (about 6 kB gzipped instead of 40 kB on the login, signup and job pages).
//
// The pages' Content-Security-Policy allows no eval (script-src 'self'). Without `jitless` Zod probes
// `new Function("")` when it builds its first object schema, and although it catches the refusal the
// browser still reports a CSP violation; jitless Zod never tries, and parses the same way.
z.config({ jitless: true })

/** Zod for the whole app: import `z` from here, never from 'zod' itself. */
export { z }
