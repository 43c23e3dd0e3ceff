import type { FastifyInstance } from 'fastify';
import { releaseNoteRoutes } from './release-note-routes.ts';
import { versionRoutes } from './version-routes.ts';

/** Release notes and versions (spec 2, "Release notes and versions"); the calls are ours, see OpenAPI. */
export async function contentRoutes(app: FastifyInstance) {
  await app.register(releaseNoteRoutes);
  await app.register(versionRoutes);
}
