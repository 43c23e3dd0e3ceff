import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isReady } from '../db/client.ts';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** /healthz: the process is up. /readyz: the database answers and the migrations are applied. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true, response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      const ready = await isReady(app.db).catch(() => false);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );
}
