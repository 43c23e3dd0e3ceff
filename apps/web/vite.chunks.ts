import { fileURLToPath, URL } from 'node:url';
import { build, type Rolldown } from 'vite';

/**
 * Two chunks for the two ways into the portal (bench/README.md, "Browser", fifth pass).
 *
 * Left to itself, the bundler gives every set of routes that shares modules its own chunk: a signed-in dashboard
 * load fetched ~60 small files (each Mantine component shared by a different set of screens), and Chromium took
 * ~100-200 ms to bring them from its cache even when they were all requested at once. Here, beside the entry
 * chunks:
 * - `sign-in`: the modules the sign-in route loads that the entries do not;
 * - `signed-in`: the modules the protected layout, the dashboard and the widget page load that sign-in does not.
 * So the sign-in page and a signed-in load each fetch a handful of files; every other screen still gets its own
 * chunks, which import these two for what they share. CI's bundle budget counts what sign-in loads.
 *
 * Which modules a page loads is known only after tree-shaking (every component is reachable through
 * `@mantine/core`'s index), so the build runs twice: a first pass, not written, shows which module lands in which
 * chunk, and the real pass groups those modules. `PLAN_PASS` keeps the first pass from planning again.
 */

const PLAN_PASS = 'PORTAL_WEB_CHUNK_PLAN_PASS';
export const SIGN_IN_CHUNK = 'sign-in';
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

/** The chunk each grouped module goes into, found by a first build that is not written. */
export async function planChunks(configFile: string): Promise<Map<string, string>> {
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
  const entries = staticClosure(
    chunks.filter((c) => c.isEntry),
    byFile,
  );
  const signIn = staticClosure(routeChunks(SIGN_IN_ROUTES), byFile);
  const signedIn = staticClosure(routeChunks(SIGNED_IN_ROUTES), byFile);
  const plan = new Map<string, string>();
  const assign = (group: Iterable<Rolldown.OutputChunk>, name: string) => {
    for (const chunk of group) {
      if (entries.has(chunk)) continue;
      for (const id of chunk.moduleIds) if (!plan.has(id)) plan.set(id, name);
    }
  };
  assign(signIn, SIGN_IN_CHUNK);
  assign(signedIn, SIGNED_IN_CHUNK);
  return plan;
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
