import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { fileBinRoutes } from './bin-routes.ts';
import { fileTreeRoutes } from './routes.ts';
import { fileTransferRoutes } from './transfer-routes.ts';
import { sweepUnregisteredUploads } from './upload-sweep.ts';

// The sweep lists the upload folder: at most this often per process, not at every scheduler tick.
const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;

/** The file service (registered under FILE_BASE): trees, uploads and downloads, the recycling bin. */
export async function filesRoutes(app: FastifyInstance) {
  // preservePath keeps the client's name as sent, so '../x' is refused rather than silently cut to 'x'.
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 0, parts: 1 },
  });
  let lastSweep = Number.NEGATIVE_INFINITY;
  app.jobs.add('unregistered-uploads', async (tx, now) => {
    if (now.getTime() - lastSweep < UPLOAD_SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    const removed = await sweepUnregisteredUploads(tx, app.storage, now);
    if (removed > 0) app.log.info({ removed }, 'removed unregistered uploads');
  });
  await app.register(fileTreeRoutes);
  await app.register(fileTransferRoutes);
  await app.register(fileBinRoutes);
}
