/**
 * The auth feature's second public entry: the session check's query, for the server's drawing
 * (ssr/entry-server.tsx) and the browser's hydration (app/hydration.ts), without the sign-in screens index.ts
 * brings.
 */
export { tokenInfoQuery } from './api/token-info.ts';
