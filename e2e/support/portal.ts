import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A running portal: the built web app served by the real server on a fresh data folder. */
export interface Portal {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `apps/server` on a new, empty DATA_DIR (so the demo world is created fresh) and a free port.
 * `env` adds configuration, e.g. a short IDLE_TIMEOUT_SECONDS: the same variables an operator would set.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps/server'),
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  const deadline = Date.now() + 60_000;
  let url = '';
  while (!url) {
    url = /running at (http:\/\/\S+)/.exec(output)?.[1] ?? '';
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`portal did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
