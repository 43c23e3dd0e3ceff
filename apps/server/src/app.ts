import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import { API_BASE, FILE_BASE } from '@portal/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './features/account/index.ts';
import { alertsRoutes } from './features/alerts/index.ts';
import { auditFeature } from './features/audit/index.ts';
import { authRoutes } from './features/auth/index.ts';
import { contentRoutes } from './features/content/index.ts';
import { eventsFeature } from './features/events/index.ts';
import { facilitiesRoutes } from './features/facilities/index.ts';
import { filesRoutes } from './features/files/index.ts';
import { ingestFeature } from './features/ingest/index.ts';
import { pharmacyUsersRoutes } from './features/pharmacy-users/index.ts';
import { registrationRoutes } from './features/registration/index.ts';
import { facilitySettingsFeature } from './features/settings/index.ts';
import { totesRoutes } from './features/totes/index.ts';
import { usersRoutes } from './features/users/index.ts';
import { authPlugin } from './platform/auth.ts';
import { clientConfigRoutes } from './platform/client-config.ts';
import './platform/context.ts';
import { databasePlugin } from './platform/database.ts';
import { errorsPlugin, frameworkErrors } from './platform/errors.ts';
import { healthRoutes } from './platform/health.ts';
import { loggerOptions } from './platform/logger.ts';
import { mailPlugin } from './platform/mail-plugin.ts';
import { type MessagingService, secretsPlugin } from './platform/messaging-service.ts';
import { navigationSessionPlugin } from './platform/navigation-data.ts';
import { openapiPlugin } from './platform/openapi.ts';
import { pgliteVacuumPlugin } from './platform/pglite-vacuum.ts';
import { schedulerPlugin } from './platform/scheduler.ts';
import { securityPlugin } from './platform/security.ts';
import { MAX_PATH_LENGTH, staticWebPlugin } from './platform/static-web.ts';
import { type FileStorage, storagePlugin } from './platform/storage.ts';
import { wellFormedTextPlugin } from './platform/well-formed-text.ts';

export interface BuildOptions {
  database: Database;
  /** Close the database when the app closes (true for the real server; tests share one database). */
  closeDatabase?: boolean;
  /** The messaging service that verifies stored credentials (the well-formedness check by default). */
  messaging?: MessagingService;
  /** Where file bytes live (the local disk under DATA_DIR by default; an S3 adapter plugs in here). */
  storage?: FileStorage;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** The whole portal as one Fastify app: platform plugins first, then one register line per feature. */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // 1 MB of JSON is far more than any call needs; larger bodies are a 413 before any work.
    bodyLimit: 1024 * 1024,
    // The router's default (100 characters) answered a longer path parameter (an alert id pasted with junk) with
    // its own 404 'No route' or 414 before the route was reached; now the route's params schema answers it, the
    // same 400 with `fields` as any other id it refuses.
    routerOptions: { maxParamLength: MAX_PATH_LENGTH },
    return503OnClosing: true,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // While shutting down, answers to requests already in flight close their keep-alive connection, so the server
  // can stop as soon as they are done instead of waiting for idle clients to hang up.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) void reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(wellFormedTextPlugin);
  await app.register(databasePlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? false,
  });
  await app.register(securityPlugin);
  // Off by default: a route opts in with `compress: LIST_COMPRESSION` (platform/compression.ts says which answers
  // may); request bodies are never decompressed.
  await app.register(fastifyCompress, { global: false });
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(secretsPlugin, { messaging: options.messaging });
  await app.register(schedulerPlugin);
  await app.register(pgliteVacuumPlugin);
  await app.register(mailPlugin);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(navigationSessionPlugin);
  await app.register(staticWebPlugin, { webDist: config.webDist });

  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes, { prefix: API_BASE });
  await app.register(facilitiesRoutes, { prefix: API_BASE });
  await app.register(alertsRoutes, { prefix: API_BASE });
  await app.register(facilitySettingsFeature, { prefix: API_BASE });
  await app.register(accountRoutes, { prefix: API_BASE });
  await app.register(filesRoutes, { prefix: FILE_BASE });
  await app.register(totesRoutes, { prefix: API_BASE });
  await app.register(contentRoutes, { prefix: API_BASE });
  await app.register(ingestFeature, { prefix: API_BASE });
  await app.register(registrationRoutes, { prefix: API_BASE });
  await app.register(pharmacyUsersRoutes, { prefix: API_BASE });
  await app.register(usersRoutes, { prefix: API_BASE });
  await app.register(auditFeature, { prefix: API_BASE });
  await app.register(eventsFeature, { prefix: API_BASE });
  return app;
}
