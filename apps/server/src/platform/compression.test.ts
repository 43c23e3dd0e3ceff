import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COMPRESSION, SYNC_COMPRESSION_MAX_BYTES } from './compression.ts';

// A list page's size (~100 alerts of ~2 KB), above the plugin's own one-call ceiling (at most 64 KB on any host).
const pageOf = (bytes: number) => {
  const alert = JSON.stringify({
    facName: 'Meadowbrook',
    drugName: 'Humira 40 mg pen',
    note: 'x'.repeat(1900),
  });
  const alerts: string[] = [];
  while ((alerts.length + 1) * alert.length < bytes)
    alerts.push(alert.replace('pen', `pen ${alerts.length}`));
  return `{"highCostList":[${alerts.join(',')}],"count":${alerts.length}}`;
};
const PAGE = pageOf(200 * 1024);
const HUGE = pageOf(SYNC_COMPRESSION_MAX_BYTES + 64 * 1024);

const app = Fastify();
beforeAll(async () => {
  // As app.ts registers it: off unless a route opts in.
  await app.register(fastifyCompress, { global: false });
  app.get('/page', { compress: LIST_COMPRESSION }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(PAGE),
  );
  app.get('/huge', { compress: LIST_COMPRESSION }, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(HUGE),
  );
  await app.ready();
});
afterAll(async () => app.close());

describe('list answer compression', () => {
  it('compresses a list page in one call: sent with its compressed length, not streamed in chunks', async () => {
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.headers['transfer-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);

    const gz = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBe(String(gz.rawPayload.length));
    expect(gunzipSync(gz.rawPayload).toString()).toBe(PAGE);
  });

  it('streams an answer above the one-call ceiling, still compressed and whole', async () => {
    const br = await app.inject({ url: '/huge', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HUGE);
  });
});
