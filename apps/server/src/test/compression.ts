import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

/** What a browser sends. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** The compression threshold of LIST_COMPRESSION: an answer must be longer for compression to show. */
const THRESHOLD = 2048;

/**
 * Makes one call three times: accepting no compression, as a browser, and accepting gzip alone. Expects a plain
 * answer past the threshold, brotli for the browser and gzip for the other, each with `vary: accept-encoding`, and
 * the same answer from all three once decompressed.
 */
export async function expectCompressed(app: FastifyInstance, request: InjectOptions) {
  const call = (encoding: string) =>
    app.inject({ ...request, headers: { ...request.headers, 'accept-encoding': encoding } });
  const plain = await call('identity');
  expect(plain.statusCode, plain.body).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBeGreaterThan(THRESHOLD);

  const br = await call(BROWSER_ENCODINGS);
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

  const gz = await call('gzip');
  expect(gz.statusCode).toBe(200);
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
  expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  return plain;
}
