import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema/index.ts';

/** A scheduled job: gets a transaction that holds the job's advisory lock, and the clock. */
export type Job = (tx: Db, now: Date) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: { add(name: string, job: Job): void; runAll(now?: Date): Promise<void> };
  }
}

/**
 * Runs one job if no other process is running it: the transaction takes `pg_try_advisory_xact_lock` on the
 * job's name, so of several server processes on one database exactly one runs each sweep, and what it claimed is
 * committed before the lock is let go. Answers whether it ran.
 */
export async function runExclusive(db: Db, name: string, job: Job, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(hashtext(${`portal:${name}`}))` })
      .from(sql`(select 1) as one`);
    if (!lock?.locked) return false;
    await job(tx, now);
    await tx
      .insert(jobRuns)
      .values({ name, lastStartedAt: now, lastFinishedAt: new Date(), lastError: null })
      .onConflictDoUpdate({
        target: jobRuns.name,
        set: { lastStartedAt: now, lastFinishedAt: new Date(), lastError: null },
      });
    return true;
  });
}

/**
 * Runs `task` every `intervalMs` once the app is ready (and at once too, with `atStart`), one run at a time, while
 * the sweeps are on (SWEEP_INTERVAL_SECONDS > 0: the tests turn them off and call what they need). Closing the app
 * stops the timer and waits for a run in progress.
 */
export function repeatWhileSweeping(
  app: FastifyInstance,
  intervalMs: number,
  task: () => Promise<void>,
  { atStart = false } = {},
): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const queue = () => {
    running = running.then(task);
  };
  app.addHook('onReady', async () => {
    if (app.config.sweepIntervalSeconds <= 0) return;
    if (atStart) queue();
    timer = setInterval(queue, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** The scheduler: features add jobs; every SWEEP_INTERVAL_SECONDS each runs once across all processes. */
export const schedulerPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = new Map<string, Job>();

    async function runAll(now = new Date()) {
      for (const [name, job] of jobs) {
        try {
          await runExclusive(app.db, name, job, now);
        } catch (error) {
          app.log.error({ err: error, job: name }, 'scheduled job failed');
          await app.db
            .update(jobRuns)
            .set({ lastError: error instanceof Error ? error.message.slice(0, 500) : String(error) })
            .where(eq(jobRuns.name, name))
            .catch(() => undefined);
        }
      }
    }

    app.decorate('jobs', { add: (name: string, job: Job) => void jobs.set(name, job), runAll });
    repeatWhileSweeping(app, app.config.sweepIntervalSeconds * 1000, () => runAll());
  },
  { name: 'scheduler', dependencies: ['database'] },
);
