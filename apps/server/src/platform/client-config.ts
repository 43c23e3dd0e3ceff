import { API_BASE, FILE_BASE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** What the web client reads at start: its two API bases and the shell's timers (configurable, spec by default). */
export const ClientConfigSchema = z.object({
  apiBase: z.string(),
  fileBase: z.string(),
  idleTimeoutSeconds: z.number().int().positive(),
  idleCountdownSeconds: z.number().int().positive(),
});

export async function clientConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/client-config',
    {
      schema: {
        tags: ['shell'],
        summary: 'Web client configuration',
        security: [],
        response: { 200: ClientConfigSchema },
      },
    },
    async () => ({
      apiBase: API_BASE,
      fileBase: FILE_BASE,
      idleTimeoutSeconds: app.config.idleTimeoutSeconds,
      idleCountdownSeconds: app.config.idleCountdownSeconds,
    }),
  );
}
