import { fileURLToPath, URL } from 'node:url';
import { build, type Rolldown } from 'vite';

/**
 * The signed-in area's scripts as one chunk (bench/README.md, "Browser", fifth pass).
 *
 * Left to itself, the bundler gives every set of routes that shares modules its own chunk: the dashboard's
 * protected layout, route and the Mantine components they use came as ~50 small files, and Chromium took
 * ~100-200 ms to get them from its cache one after the other even when they were all requested at once. Here
 * the modules the protected layout, the dashboard and the widget page load, less what sign-in loads, go into one
 * chunk named `signed-in`, so a signed-in load fetches a handful of files. Sign-in keeps exactly its own chunks
 * (CI's bundle budget counts them).
 *
 * Which modules a page loads is known only after tree-shaking (every component is reachable through
 * `@mantine/core`'s index), so the build runs twice: a first pass, not written, shows which module lands in which
 * chunk, and the real pass groups those modules. `PLAN_PASS` keeps the first pass from planning again.
 */

const PLAN_PASS = 'PORTAL_WEB_CHUNK_PLAN_PASS';
export const SIGNED_IN_CHUNK = 'signed-in';

const routeModule = (name: string) => fileURLToPath(new URL(`./src/app/routes/${name}.tsx`, import.meta.url));
/** What sign-in loads: the entries' chunks and the sign-in route's. */
const SIGN_IN_ROUTES = [routeModule('login')];
/** What every signed-in load brings (the layout) and the two pages measured against their goals. */
const SIGNED_IN_ROUTES = [
  routeModule('protected-layout'),
  routeModule('dashboard'),
  routeModule('widget-page'),
];

export const isPlanPass = () => process.env[PLAN_PASS] === '1';

/** The chunks `start` loads: itself and what it imports statically, transitively. */
function staticClosure(
  start: readonly Rolldown.OutputChunk[],
  byFile: ReadonlyMap<string, Rolldown.OutputChunk>,
): Set<Rolldown.OutputChunk> {
  const seen = new Set<Rolldown.OutputChunk>();
  const stack = [...start];
  for (let chunk = stack.pop(); chunk; chunk = stack.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) stack.push(next);
    }
  }
  return seen;
}

/** The modules to put into the `signed-in` chunk, found by a first build that is not written. */
export async function planSignedInModules(configFile: string): Promise<Set<string>> {
  process.env[PLAN_PASS] = '1';
  let output: Awaited<ReturnType<typeof build>>;
  try {
    output = await build({
      configFile,
      logLevel: 'silent',
      build: { write: false, minify: false },
    });
  } finally {
    delete process.env[PLAN_PASS];
  }
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const routeChunks = (modules: readonly string[]) =>
    modules.map((id) => {
      const chunk = chunks.find((c) => c.facadeModuleId === id);
      if (!chunk) throw new Error(`chunk plan: no chunk for ${id}`);
      return chunk;
    });
  const signIn = staticClosure([...chunks.filter((c) => c.isEntry), ...routeChunks(SIGN_IN_ROUTES)], byFile);
  const signedIn = staticClosure(routeChunks(SIGNED_IN_ROUTES), byFile);
  return new Set([...signedIn].filter((chunk) => !signIn.has(chunk)).flatMap((chunk) => chunk.moduleIds));
}

/**
 * The files a signed-in load should start fetching at once: the `signed-in` chunk and what it imports that the
 * entry chunk does not already bring, scripts and their stylesheets (the router waits for both).
 */
export function signedInPreloads(bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const signedIn = chunks.find((c) => c.name === SIGNED_IN_CHUNK);
  const index = chunks.find((c) => c.isEntry && c.name === 'index');
  if (!signedIn || !index) throw new Error('the build has no signed-in chunk or no index entry');
  const loaded = staticClosure([index], byFile);
  const wanted = [...staticClosure([signedIn], byFile)].filter((c) => !loaded.has(c));
  return [
    ...wanted.map((c) => c.fileName),
    ...new Set(wanted.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])),
  ];
}
