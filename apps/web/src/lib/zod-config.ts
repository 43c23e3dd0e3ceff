import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` where it can, and finds out by trying once, when the first object
 * schema is built (so this must run before any module that builds one: boot.ts imports it first). The portal's CSP
 * (script-src 'self', no 'unsafe-eval') refuses that try, and the browser raises a `securitypolicyviolation` on
 * every load even though zod catches the error; a report endpoint added later would receive one per page. The
 * browser app therefore never tries: zod runs its interpreted parsers, as it did under the CSP anyway. (The server
 * keeps the compiled ones.)
 */
config({ jitless: true });
