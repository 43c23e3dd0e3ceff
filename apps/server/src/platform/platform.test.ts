import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, buildTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let webDist: string;
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(',')}];`;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'portal-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A file with the compressed copies the build writes beside it.
  await writeFile(join(webDist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  await writeFile(join(webDist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(join(webDist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  t = await buildTestApp({ webDist });
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers /healthz and /readyz without a token', async () => {
    expect(bodyOf(await t.app.inject('/healthz'))).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(bodyOf(ready)).toEqual({ status: 'ok' });
  });
});

describe('OpenAPI', () => {
  it('documents the sign-in calls from their schemas', async () => {
    const doc = bodyOf<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(
      await t.app.inject('/api/openapi.json'),
    );
    for (const path of ['/api/login', '/api/users/authenticate', '/api/logout', '/api/loginWithToken']) {
      expect(doc.paths[path]?.post).toBeDefined();
    }
    expect(doc.paths['/api/tokeninfo']?.get).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/login']?.post?.requestBody)).toContain('password');
  });

  it('serves the browsable docs at /api/docs', async () => {
    const response = await t.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and nosniff', async () => {
    const response = await t.app.inject('/dashboard');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/dashboard', '/api/tokeninfo', '/api/highCost', '/healthz'])(
    'sends the same security headers on %s, a page, a refusal, an API answer and a probe alike',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
          "font-src 'self' data:;connect-src 'self';worker-src 'self' blob:;frame-src 'self' blob:;" +
          "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      expect(response.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      // Not in production (the test app's), where it is sent over HTTPS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );
});

describe('web app and unknown paths', () => {
  it('answers index.html for client routes, uncached', async () => {
    for (const path of ['/', '/dashboard', '/alerts/authorization', '/no/such/page?x=1']) {
      const response = await t.app.inject(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, else the file itself", async () => {
    const url = '/assets/big-def456.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file without copies is sent as it is, whatever the browser accepts.
    const small = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    for (const path of ['/api/nothing', '/fs/nothing']) {
      const response = await t.app.inject(path);
      expect(response.statusCode).toBe(404);
      expect(bodyOf(response)).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  // Past PATH_MAX the static handler cannot look the file up and answered a bare 403 'Forbidden'.
  it('answers an address too long for any route with a 414 that says so', async () => {
    for (const path of [`/api/alerts/highCost/${'1'.repeat(5000)}`, `/${'a'.repeat(5000)}`]) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path.slice(0, 30)).toBe(414);
      expect(bodyOf(response)).toEqual({ message: 'The address is too long.', code: 'BAD_REQUEST' });
    }
  });

  it('publishes the client configuration without a token', async () => {
    const response = await t.app.inject('/api/client-config');
    expect(bodyOf(response)).toEqual({
      apiBase: '/api',
      fileBase: '/fs',
      idleTimeoutSeconds: 7200,
      idleCountdownSeconds: 600,
      passwordMinLength: 8,
      formsBaseUrl: 'https://forms-service.example',
      pharmacyEmailDomain: 'pharmacy.test',
      uploadMaxBytes: 25 * 1024 * 1024,
    });
  });
});
