import type { Db } from '../client.ts';
import { seedAccounts } from './accounts.ts';
import { seedContent } from './content.ts';
import { seedDemoAlerts } from './demo-alerts.ts';
import { seedFiles } from './files.ts';
import type { ResolvedSeedOptions } from './index.ts';
import { DEMO_FACILITIES, seedOrganisations } from './organisations.ts';
import { createRandom } from './random.ts';
import { buildTotes, insertTotes } from './totes.ts';

/** Facilities whose totes the demo promises (demo-world.md: the last 7 days). */
const TOTE_FACILITIES = [101, 102, 201];

/**
 * Creates the demo world of reference/demo-world.md inside the given transaction: organisations and permissions,
 * accounts, alerts with discussions, totes, files, release notes and versions.
 */
export async function seedDemoWorld(db: Db, options: ResolvedSeedOptions): Promise<void> {
  const { now } = options;
  await seedOrganisations(db);
  const people = await seedAccounts(db, options.pharmacyEmailDomain, options.secretKey);
  await seedDemoAlerts(db, now, people);
  const rng = createRandom(7);
  const totes = DEMO_FACILITIES.filter((f) => TOTE_FACILITIES.includes(f.facId)).flatMap((f) =>
    buildTotes(rng, f, now, 7, 3),
  );
  await insertTotes(db, totes);
  await seedFiles(db, now, people.admin?.id ?? null, options.writeFile);
  await seedContent(db, now);
}
