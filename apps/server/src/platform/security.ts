import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from the portal itself. Styles allow
 * inline because Mantine sets CSS variables and style props inline; nothing else is loosened.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    // Built once: @fastify/helmet built the middleware again on every request (its CSP directives parsed each time),
    // ~4% of the list call's CPU under load (bench/README.md, fix 8). The headers are the same.
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.env === 'production',
    });
    app.addHook('onRequest', (request, reply, done) =>
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
    );
    // Registered without a global limit: routes opt in (the 404 handler does, see static-web.ts).
    await app.register(rateLimit, { global: false });
  },
  { name: 'security', dependencies: ['database'] },
);
