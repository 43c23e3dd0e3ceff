import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Captured, ChildOptions, Latency, Request, Statement } from './server-protocol.ts';

const CHILD = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const READY_TIMEOUT_MS = 120_000;
const CALL_TIMEOUT_MS = 300_000;

type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** A server under test running in a child process, and the calls the bench makes to it over IPC. */
export class ServerHandle {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiter || message.id === undefined) return;
      this.pending.delete(message.id);
      clearTimeout(waiter.timer);
      if (message.error) waiter.reject(new Error(message.error));
      else waiter.resolve(message.result);
    });
  }

  /** Forks the server and waits until it listens on 127.0.0.1. */
  static async start(options: ChildOptions): Promise<ServerHandle> {
    const child = fork(CHILD, [JSON.stringify(options)], {
      // BENCH_SERVER_EXEC_ARGV adds Node flags to the server under test, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_SERVER_EXEC_ARGV?.split(' ').filter(Boolean) ?? []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server did not start in time')), READY_TIMEOUT_MS);
      child.on('message', (message: { type?: string; port?: number }) => {
        if (message.type === 'ready' && message.port) {
          clearTimeout(timer);
          resolve(message.port);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}`));
      });
    });
    return new ServerHandle(child, port);
  }

  /** Base URL of the server. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private call<T>(request: Call): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${request.type} timed out`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, { resolve: (v) => resolve(v as T), reject, timer });
      this.child.send({ ...request, id });
    });
  }

  /** CPU time the server process has used so far, in microseconds (user + system). */
  async cpuMicros(): Promise<number> {
    const usage = await this.call<NodeJS.CpuUsage>({ type: 'cpu' });
    return usage.user + usage.system;
  }

  /** Runs one request through the app (inject) and answers every SQL statement it sent. */
  capture(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ): Promise<Captured> {
    return this.call<Captured>({ type: 'capture', method, url, headers, ...(payload ? { payload } : {}) });
  }

  /** The statements the naive server answers at /q/<key>. */
  setStatements(statements: Record<string, Statement>): Promise<void> {
    return this.call<void>({ type: 'statements', statements });
  }

  /** Runs a statement back to back inside the server process for `seconds` (at most maxCount times). */
  bare(statement: Statement, seconds: number, maxCount = 100_000): Promise<Latency> {
    return this.call<Latency>({ type: 'bare', statement, seconds, maxCount });
  }

  /** Runs one statement in the server's database and answers its rows (PGlite belongs to that process). */
  query<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    return this.call<T[]>({ type: 'query', statement: { text, values } });
  }

  /** The events part's baseline: bare LISTEN/NOTIFY round trips inside the server process (ms each). */
  notifyProbe(listeners: number, count: number): Promise<number[]> {
    return this.call<number[]>({ type: 'notify-probe', listeners, count });
  }

  /** Closes the app and the database, and waits for the process to end. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await this.call<void>({ type: 'close' }).catch(() => this.child.kill());
    await exited;
  }
}
