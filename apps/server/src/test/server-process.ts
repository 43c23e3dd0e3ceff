import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** A whole portal server (src/main.ts) in a child process, as production runs it. */
export interface ServerProcess {
  child: ChildProcess;
  /** The address it printed once listening. */
  url: string;
  /** Its exit code, once it exits. */
  exited: Promise<number | null>;
}

/**
 * Starts `src/main.ts` on a free port with no seed, quiet logs and no sweeps unless `env` says otherwise, and
 * resolves once it prints its address (fails with its output after 45 s or if it exits first). For the tests of
 * several processes on one PostgreSQL database.
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SWEEP_INTERVAL_SECONDS: '0',
      ...env,
    },
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
  const deadline = Date.now() + 45_000;
  while (!/running at (http:\/\/\S+)/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url: /running at (http:\/\/\S+)/.exec(output)?.[1] ?? '', exited };
}

/** SIGTERM to each still running, then waits for every one to exit. */
export async function stopServerProcesses(servers: readonly ServerProcess[]): Promise<void> {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
}
