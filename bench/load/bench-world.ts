import { defaultUserSettings } from '@portal/domain';
import type { Db } from '@portal/server/src/db/client.ts';
import { facilities, facilityMemberships, users } from '@portal/server/src/db/schema/index.ts';
import { DEMO_PASSWORD, seedIfEmpty } from '@portal/server/src/db/seed/index.ts';
import { SCALE_FIRST_FAC_ID, seedScale } from '@portal/server/src/db/seed/scale.ts';
import { hashPassword } from '@portal/server/src/platform/passwords.ts';
import { randomSecretKey, sealSecret } from '@portal/server/src/platform/secret-box.ts';
import { and, asc, eq, gte, sql } from 'drizzle-orm';

/** A user the benchmark signs in as: a nurse at the first `facilities` generated facilities. */
export interface BenchUser {
  readonly email: string;
  readonly facilities: number;
  readonly password: string;
}

/** The two viewers of the goals: a nurse at 5 facilities and one at 200 (both with messaging credentials). */
export const BENCH_USERS: readonly BenchUser[] = [
  { email: 'bench.fac5@bench.test', facilities: 5, password: DEMO_PASSWORD },
  { email: 'bench.fac200@bench.test', facilities: 200, password: DEMO_PASSWORD },
];

/** A nurse whose highCost list holds a little over 10,000 live alerts (about 82 per generated facility). */
export const BIG_LIST_USER: BenchUser = {
  email: 'bench.fac123@bench.test',
  facilities: 123,
  password: DEMO_PASSWORD,
};

/** The demo world alone, seeded when missing: what the memory part needs (its nurse and pharmacy are the seed's). */
export async function prepareDemoWorld(db: Db): Promise<void> {
  await seedIfEmpty(db, { pharmacyEmailDomain: 'pharmacy.test' });
}

/**
 * Seeds the demo world and `scale` generated facilities when missing, then adds the bench's own users. All of it
 * is idempotent, so a kept database is reused as it is. The users are the bench's, not the seed's: a nurse
 * (role Nursing, which grants every action) at the first N generated facilities.
 */
export async function prepareBenchWorld(db: Db, scale: number, log: (line: string) => void): Promise<void> {
  await seedIfEmpty(db, { pharmacyEmailDomain: 'pharmacy.test' });
  const started = performance.now();
  const result = await seedScale(db, { facilities: scale });
  if (result.facilitiesDone > 0) {
    log(`  scale seed: ${result.alerts} alerts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const scaleIds = (
    await db
      .select({ facId: facilities.facId })
      .from(facilities)
      .where(gte(facilities.facId, SCALE_FIRST_FAC_ID))
      .orderBy(asc(facilities.facId))
  ).map((r) => r.facId);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const secretKey = randomSecretKey();
  for (const user of [...BENCH_USERS, BIG_LIST_USER]) {
    if (scaleIds.length < user.facilities) {
      throw new Error(`${user.email} needs ${user.facilities} generated facilities; run with --scale 200`);
    }
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, user.email), sql`${users.deletedAt} is null`));
    if (existing) continue;
    const [created] = await db
      .insert(users)
      .values({
        email: user.email,
        displayName: `Bench Nurse ${user.facilities}`,
        userType: 'FacilityUser',
        passwordHash,
        settings: defaultUserSettings(),
        mediprocityUser: `bench_${user.facilities}_srxnow`,
        mediprocitySecret: sealSecret(
          secretKey,
          JSON.stringify({ password: 'bench', encryptionKey: 'bench' }),
        ),
      })
      .returning({ id: users.id });
    if (!created) throw new Error(`could not create ${user.email}`);
    await db
      .insert(facilityMemberships)
      .values(
        scaleIds.slice(0, user.facilities).map((facId) => ({ userId: created.id, facId, role: 'Nursing' })),
      );
  }
  await db.execute(sql`analyze`);
}
