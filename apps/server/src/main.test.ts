import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningAt, type ServerProcess, spawnServerProcess } from './test/server-process.ts';

// These tests run the real server process on the embedded database: they are about the process, not the API.

/** The portal on the embedded database in `dataDir`, with the demo world, as `npm start` runs it. */
function startServer(dataDir: string) {
  return spawnServerProcess({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'test' });
}

async function waitFor(predicate: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// A first start on an empty folder creates the database and the demo world: on a loaded 2-core machine that has
// taken over 30 s.
const startAndWait = (dataDir: string): Promise<ServerProcess> => listeningAt(startServer(dataDir), 90_000);

async function login(url: string, email: string) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo-1' }),
  });
  return { status: response.status, body: (await response.json()) as { token?: string } };
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'portal-main-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process on the embedded database', () => {
  it('prints the URL and the demo sign-ins, refuses a second process on the same folder, and survives kill -9', async () => {
    const first = await startAndWait(dataDir);
    expect(first.output()).toContain('nurse@meadowbrook.test');
    expect(first.output()).toContain('portal-demo-1');
    const { status, body } = await login(first.url, 'nurse@meadowbrook.test');
    expect(status).toBe(200);

    const second = startServer(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another portal process');

    first.child.kill('SIGKILL');
    await first.exited;
    const third = await startAndWait(dataDir);
    // The session acknowledged before the crash is still there, and the demo world was not created twice.
    const info = await fetch(`${third.url}/api/tokeninfo`, {
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(info.status).toBe(200);
    expect(third.output()).not.toContain('Demo world created');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const server = await startAndWait(dataDir);
    const pending = login(server.url, 'admin@meadowbrook.test');
    await waitFor(() => server.output().includes('"path":"/api/login"'), 'the login request to arrive');
    server.child.kill('SIGTERM');
    const { status, body } = await pending;
    expect(status).toBe(200);
    expect(body.token).toBeTruthy();
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('finishing in-flight requests');
  }, 150_000);
});
