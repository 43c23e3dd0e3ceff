import { API_BASE, CLIENT_CONFIG_PATH, ClientConfigSchema, FILE_BASE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** What the web client reads at start: its two API bases and the shell's timers (configurable, spec by default). */
export async function clientConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}${CLIENT_CONFIG_PATH}`,
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
      passwordMinLength: app.config.passwordMinLength,
      formsBaseUrl: app.config.formsBaseUrl,
      pharmacyEmailDomain: app.config.pharmacyEmailDomain,
      uploadMaxBytes: app.config.uploadMaxBytes,
    }),
  );
}
