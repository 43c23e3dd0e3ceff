// A thread of the page renderer's pool (page-renderer.ts): loads the web build's server renderer once, warms it up,
// and draws pages on request, so a drawing never holds the server's own thread, where every API call is answered.
// Plain JavaScript, so the thread needs no TypeScript loader. Nothing here throws as the thread starts: a thread
// that failed to start would be started again and again; a renderer that fails to load fails each drawing instead.
import { workerData } from 'piscina';

let renderer;
let loadError;
let warmUpError;
try {
  renderer = await import(workerData.rendererUrl);
  await renderer.warmUp?.();
} catch (error) {
  // Drawing may still work after a failed warm-up (the route modules then load with the first page).
  if (renderer === undefined) loadError = error;
  else warmUpError = error;
}

/** Draws one page (PageRenderInput in, the root's markup or null out). */
export default function draw(input) {
  if (loadError !== undefined) throw loadError;
  return renderer.renderSignedInPage(input);
}

/** Resolves once this thread has loaded and warmed up the renderer; throws what stopped it. */
export function ready() {
  if (loadError !== undefined) throw loadError;
  if (warmUpError !== undefined) throw warmUpError;
  return true;
}
