import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendEntry, type WebBuild } from './navigation-data.ts';
import { openPageRenderer } from './page-renderer.ts';

const API_PREFIXES = ['/api/', '/fs/', '/healthz', '/readyz'];
// A missing script or image must be a 404, never index.html parsed as JavaScript.
const FILE_PATH = /^\/assets\/|\.[a-z0-9]{1,8}$/i;
/**
 * No route or file of the portal has an address this long. Longer, the static handler cannot look the file up
 * (past the system's PATH_MAX) and answered a bare 403 'Forbidden'; such a request is refused before it gets there.
 * Also the router's limit on one path parameter (app.ts), so a route's own schema judges any shorter one.
 */
export const MAX_PATH_LENGTH = 2048;

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every unknown
 * non-API path answered with index.html so the client router decides (unknown paths go to /dashboard there).
 * Where the build wrote a compressed copy of a file, a browser that accepts brotli or gzip gets that instead.
 */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string | null }) => {
    const dist = opts.webDist;
    const hasWeb = dist !== null && existsSync(join(dist, 'index.html'));
    if (hasWeb) {
      app.addHook('onRequest', async (request, reply) => {
        const end = request.url.indexOf('?');
        if ((end < 0 ? request.url.length : end) > MAX_PATH_LENGTH)
          return reply.code(414).send({ message: 'The address is too long.', code: ERROR_CODES.badRequest });
      });
      await app.register(fastifyStatic, {
        root: dist,
        // Looked up on each request, so a rebuild while the server runs serves the new asset names.
        wildcard: true,
        // The build writes .br and .gz copies (apps/web/vite.config.ts): sent to a browser that accepts them.
        preCompressed: true,
        index: false,
        setHeaders: (reply, path) => {
          const immutable = path.includes(`${join(dist, 'assets')}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const web: WebBuild | null =
      hasWeb && dist !== null
        ? {
            dist,
            renderer: openPageRenderer(dist, app.config.renderThreads, (error) =>
              app.log.error({ err: error }, 'a drawing thread stopped; it is replaced'),
            ),
          }
        : null;
    const renderer = web?.renderer;
    if (renderer) {
      // The dashboard's server renderer and its route modules are loaded as the server starts (in each drawing
      // thread as it starts), not by the first signed-in load after a start or a release, which waited for them
      // (~0.5 s more before its first byte).
      app.addHook('onReady', async () => {
        renderer.ready().catch((error: unknown) => {
          app.log.error({ err: error }, 'loading the server renderer failed; pages are drawn by the browser');
        });
      });
      app.addHook('onClose', () => renderer.close());
    }
    if (web) {
      // The root is a folder to the static handler; it is the app's entry like any other client route.
      app.get('/', { schema: { hide: true } }, (request, reply) => sendEntry(app, web, request, reply));
    }
    // Rate-limited because a 404 is what a scanner walking the API would get, over and over.
    app.setNotFoundHandler(
      { preHandler: app.rateLimit({ max: 300, timeWindow: '1 minute' }) },
      (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        const isApi = API_PREFIXES.some((p) => path.startsWith(p)) || FILE_PATH.test(path);
        if (!isApi && web && (request.method === 'GET' || request.method === 'HEAD')) {
          return sendEntry(app, web, request, reply);
        }
        return reply.code(404).send({
          message: `No route ${request.method} ${request.url.split('?')[0]}`,
          code: ERROR_CODES.notFound,
        });
      },
    );
  },
  { name: 'static-web', dependencies: ['security'] },
);
