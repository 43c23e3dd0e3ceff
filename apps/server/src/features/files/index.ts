import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileBinRoutes } from './bin-routes.ts';
import { fileTreeRoutes } from './routes.ts';
import { fileTransferRoutes } from './transfer-routes.ts';

/** The file service (registered under FILE_BASE): trees, uploads and downloads, the recycling bin. */
export async function filesRoutes(app: FastifyInstance) {
  // preservePath keeps the client's name as sent, so '../x' is refused rather than silently cut to 'x'.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 0, parts: 1 },
  });
  await app.register(fileTreeRoutes);
  await app.register(fileTransferRoutes);
  await app.register(fileBinRoutes);
}
