import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './routes.ts';

/** The audit trail: reading and exporting the events every other feature writes with `recordAudit`. */
export async function auditFeature(app: FastifyInstance) {
  await app.register(auditRoutes);
}
