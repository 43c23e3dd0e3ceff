import type { FastifyInstance } from 'fastify';
import { ingestRoutes } from './ingest-routes.ts';
import { pharmacyKeyRoutes } from './key-routes.ts';

/** The pharmacy system's way in: API keys managed by pharmacy SysAdmins, and the ingest calls they authorise. */
export async function ingestFeature(app: FastifyInstance) {
  await app.register(pharmacyKeyRoutes);
  await app.register(ingestRoutes);
}
