import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A portal server process (src/main.ts) as spawned: its output so far, and its exit code once it exits. */
export interface SpawnedServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A whole portal server (src/main.ts) in a child process, as production runs it, listening. */
export interface ServerProcess extends SpawnedServer {
  /** The address it printed once listening. */
  url: string;
}

/** Spawns `src/main.ts` with exactly `env` (plus PATH), without waiting for anything. */
export function spawnServerProcess(env: Record<string, string | undefined>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the server prints its address (fails with its output after `timeoutMs` or if it exits first). */
export async function listeningAt(server: SpawnedServer, timeoutMs: number): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  while (!/running at (http:\/\/\S+)/.test(server.output())) {
    if (Date.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`server did not start:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ...server, url: /running at (http:\/\/\S+)/.exec(server.output())?.[1] ?? '' };
}

/**
 * Starts `src/main.ts` on a free port with no seed, quiet logs and no sweeps unless `env` says otherwise, and
 * resolves once it prints its address (fails with its output after 45 s or if it exits first). For the tests of
 * several processes on one PostgreSQL database.
 */
export function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = spawnServerProcess({
    PORT: '0',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    SWEEP_INTERVAL_SECONDS: '0',
    ...env,
  });
  return listeningAt(server, 45_000);
}

/** SIGTERM to each still running, then waits for every one to exit. */
export async function stopServerProcesses(servers: readonly ServerProcess[]): Promise<void> {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
}
