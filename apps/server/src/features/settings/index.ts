import type { FastifyInstance } from 'fastify';
import { sweepAutoRespond } from './auto-respond.ts';
import { sweepReminders } from './reminders.ts';
import { settingsRoutes } from './routes.ts';

/** Facility alert settings, and the sweeps that act on them: auto-respond first, so answered alerts need no reminder. */
export async function facilitySettingsFeature(app: FastifyInstance) {
  app.jobs.add('auto-respond', async (tx, now) => {
    await sweepAutoRespond(tx, now);
  });
  app.jobs.add('reminders', async (tx, now) => {
    await sweepReminders(tx, now, app.config.publicUrl);
  });
  await app.register(settingsRoutes);
}

export { settingsVersion } from './settings-version.ts';
export { sweepAutoRespond, sweepReminders };
