/**
 * The meta tag in which the build names the signed-in area's script files (apps/web/vite.chunks.ts); the boot
 * script preloads them on a signed-in load. No imports: the Vite config reads this module too.
 */
export const SIGNED_IN_SCRIPTS_META = 'portal-signed-in-scripts';

/**
 * Starts fetching the files the meta tag names (scripts compiled, not run; stylesheets not applied), so they are
 * ready by the time the router asks for the signed-in pages. Nothing happens when the page has no such tag (dev
 * server, tests).
 */
export function preloadSignedInScripts(doc: Document = document): void {
  const files = doc.querySelector(`meta[name="${SIGNED_IN_SCRIPTS_META}"]`)?.getAttribute('content');
  for (const href of files?.split(' ').filter(Boolean) ?? []) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else {
      link.rel = 'modulepreload';
    }
    // As the build's own tags (crossorigin): the same request mode, so the later load finds this one.
    link.crossOrigin = 'anonymous';
    link.href = href;
    doc.head.append(link);
  }
}
