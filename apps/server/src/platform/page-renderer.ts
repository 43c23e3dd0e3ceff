import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FillView } from '@portal/domain';
import { Piscina } from 'piscina';

/** What the server knows of a signed-in page load (as apps/web/src/ssr/entry-server.tsx takes it). */
export interface PageRenderInput {
  url: string;
  token: string;
  /** The page's first calls' answers (JSON text) by URL. */
  answers: ReadonlyMap<string, string>;
  locale: string;
  timeZone: string;
  /** The reader's window and fitted pages' measures as their browser last reported them (FILL_COOKIE). */
  fill: FillView | null;
}

/** The web build's server renderer (apps/web/src/ssr/entry-server.tsx, built beside the app into `dist-ssr`). */
interface RendererModule {
  /** Loads what a drawing needs, ahead of the first (optional: a renderer may have nothing to load). */
  warmUp?(): Promise<void>;
  renderSignedInPage(input: PageRenderInput): Promise<string | null>;
}

/** The server's way to draw pages: in threads of its own, or in its own thread (`threads` 0). */
export interface PageRenderer {
  /** Resolves once the renderer is loaded and warmed up; rejects with what stopped it. */
  ready(): Promise<void>;
  /**
   * The page's markup, or null: a page the renderer does not draw, or every thread busy with pages waiting (the
   * browser then draws it, with no wait here). Rejects when the drawing failed.
   */
  render(input: PageRenderInput): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * Drawing threads when RENDER_THREADS is not set: one core is left to the thread that answers the API, and the
 * database beside it; at most 4 (a drawing takes ~50-100 ms, so 4 threads draw ~40-80 pages a second).
 */
export const DEFAULT_RENDER_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Pages that may wait for a thread, per thread; one more goes to the browser undrawn rather than queue. */
const WAITING_PER_THREAD = 2;
/**
 * A page not drawn this long after it was asked for (waiting for a thread included) is sent undrawn, for the browser
 * to draw; a drawing still running then is given up and its thread replaced (a drawing takes ~50-100 ms).
 */
const RENDER_TIMEOUT_MS = 5_000;
const WORKER_FILE = fileURLToPath(new URL('./page-render-worker.mjs', import.meta.url));

/**
 * The renderer of the web build in `dist`, or null where none was built. With `threads` > 0 its pages are drawn in
 * that many worker threads (Piscina), each loading the renderer and warming it up as it starts: a drawing is
 * 50-100 ms of CPU, which on the server's own thread held every API call that came in meanwhile (at shift change,
 * many nurses load their dashboards at once). With 0 they are drawn in the server's own thread. `onThreadError`
 * hears of a drawing thread that died.
 */
export function openPageRenderer(
  dist: string,
  threads: number,
  onThreadError: (error: unknown) => void = () => undefined,
): PageRenderer | null {
  const entry = join(dist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const rendererUrl = pathToFileURL(entry).href;
  if (threads === 0) {
    const loaded = import(rendererUrl) as Promise<RendererModule>;
    // Observed here, so a renderer that fails to load is reported by `ready` or `render`, not as unhandled.
    loaded.catch(() => undefined);
    return {
      ready: async () => {
        await (await loaded).warmUp?.();
      },
      render: async (input) => (await loaded).renderSignedInPage(input),
      close: async () => undefined,
    };
  }
  const maxQueue = threads * WAITING_PER_THREAD;
  const pool = new Piscina<PageRenderInput, string | null>({
    filename: WORKER_FILE,
    workerData: { rendererUrl },
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    // The drawing is asynchronous (the router loads its route modules): the threads wait on their event loop.
    atomics: 'disabled',
    // Plain JavaScript: none of the server's loader flags (tsx) or profiler flags.
    execArgv: [],
  });
  // A thread that dies (out of memory, say) fails its drawing and is replaced; unheard, the pool's 'error' would
  // end the server.
  pool.on('error', onThreadError);
  return {
    ready: async () => {
      await pool.run(undefined as never, { name: 'ready' });
    },
    render: async (input) => {
      if (pool.queueSize >= maxQueue) return null;
      return pool.run(input, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
    },
    close: () => pool.destroy(),
  };
}
