import { ServerHandle } from '../load/server-handle.ts';

/** The build the render probes serve: TRACE_DIST=<dist> names another (one built with --minify false, say). */
export const WEB_DIST = process.env.TRACE_DIST ?? new URL('../../apps/web/dist', import.meta.url).pathname;

/** The portal serving a web build, in its own process, on a database the bench has seeded (see ChildOptions). */
export function startWebApp(
  databaseUrl: string | undefined,
  webDist: string = WEB_DIST,
  renderThreads?: number,
): Promise<ServerHandle> {
  return ServerHandle.start({
    kind: 'app',
    databaseUrl,
    poolSize: 10,
    logLevel: 'warn',
    webDist,
    ...(renderThreads === undefined ? {} : { renderThreads }),
  });
}
