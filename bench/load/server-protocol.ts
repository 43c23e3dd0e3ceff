/** One SQL statement as the driver received it: text with $n placeholders and its values. */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** How the parent starts a server under test (passed as the child's first argument, JSON). */
export interface ChildOptions {
  readonly kind: 'app' | 'naive';
  readonly databaseUrl?: string | undefined;
  readonly pgliteDir?: string | undefined;
  readonly poolSize: number;
  readonly logLevel: string;
  readonly webDist?: string | null;
  /** Threads drawing signed-in pages (RENDER_THREADS); the server's default when absent. */
  readonly renderThreads?: number;
}

/** Messages from the parent; each is answered with `{ id, result }` or `{ id, error }`. */
export type Request = { readonly id: number } & (
  | { readonly type: 'cpu' }
  | { readonly type: 'statements'; readonly statements: Record<string, Statement> }
  | {
      readonly type: 'capture';
      readonly method: 'GET' | 'POST';
      readonly url: string;
      readonly headers: Record<string, string>;
      readonly payload?: Record<string, unknown>;
    }
  | {
      readonly type: 'bare';
      readonly statement: Statement;
      readonly seconds: number;
      readonly maxCount: number;
    }
  | { readonly type: 'query'; readonly statement: Statement }
  | { readonly type: 'notify-probe'; readonly listeners: number; readonly count: number }
  | { readonly type: 'close' }
);

/** What `capture` answers: the response and every statement the request ran, in order. */
export interface Captured {
  readonly status: number;
  readonly body: string;
  readonly statements: Statement[];
}

/** Latency figures of a run. */
export interface Latency {
  readonly count: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
}

/** Count, rate and percentiles (ms) of some latencies measured over `seconds`. */
export function summarise(times: number[], seconds: number): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99) };
}
