// A thread of the page renderer's pool (page-renderer.ts): loads the web build's server renderer once, warms it up,
// and draws pages on request, so a drawing never holds the server's own thread, where every API call is answered.
// Plain JavaScript, so the thread needs no TypeScript loader.
import { workerData } from 'piscina';

const renderer = await import(workerData.rendererUrl);
let warmUpError;
try {
  await renderer.warmUp?.();
} catch (error) {
  // Drawing may still work (the route modules then load with the first page); `ready` reports it.
  warmUpError = error;
}

/** Draws one page (PageRenderInput in, the root's markup or null out). */
export default function draw(input) {
  return renderer.renderSignedInPage(input);
}

/** Resolves once this thread has loaded and warmed up the renderer; throws what the warm-up threw. */
export function ready() {
  if (warmUpError !== undefined) throw warmUpError;
  return true;
}
