import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { repeatWhileSweeping } from './scheduler.ts';

/** How often the embedded database is looked at: PostgreSQL's own autovacuum naptime. */
export const PGLITE_VACUUM_INTERVAL_MS = 60_000;

interface TableStats {
  schema: string;
  table: string;
  live: number;
  dead: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
  /** The table's size in pages now, and the pages its last vacuum found all-visible (both kept across restarts). */
  pages: number;
  allVisible: number;
  neverAnalyzed: boolean;
}

/** What one pass did: the tables vacuumed (and analysed with it), and those only analysed. */
export interface VacuumPass {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * One pass of what PostgreSQL's autovacuum would do, by its default thresholds, for PGlite, which runs none (it is
 * PostgreSQL in single-user mode: `show autovacuum` says on, but there is no launcher). Without it the alert
 * tables' dead rows and stale statistics only grow in a long-running embedded portal, and index-only scans turn
 * into heap scans (bench/README.md, fix 11). A table is vacuumed when its dead rows pass 50 + 20% of its live
 * ones, or its rows inserted since the last vacuum pass 1,000 + 20% (to keep the visibility map current); analysed
 * when its rows changed since the last analyze pass 50 + 10%.
 *
 * PGlite keeps none of those counters across a restart: they start at zero each time the folder is opened. So a
 * table is also vacuumed when more than 8 pages + 20% of it are past what its last vacuum found all-visible (a
 * seed or a day's writes before the restart), and analysed when it never was.
 */
export async function vacuumWhereNeeded(db: Db): Promise<VacuumPass> {
  const { rows } = (await db.execute(sql`
    select s.schemaname as "schema", s.relname as "table", s.n_live_tup::int as "live", s.n_dead_tup::int as "dead",
      s.n_mod_since_analyze::int as "modifiedSinceAnalyze", s.n_ins_since_vacuum::int as "insertedSinceVacuum",
      (pg_relation_size(s.relid) / current_setting('block_size')::int)::int as "pages",
      c.relallvisible::int as "allVisible", c.reltuples < 0 as "neverAnalyzed"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    order by s.schemaname, s.relname
  `)) as unknown as { rows: TableStats[] };
  const pass: VacuumPass = { vacuumed: [], analyzed: [] };
  for (const stats of rows) {
    const name = sql`${sql.identifier(stats.schema)}.${sql.identifier(stats.table)}`;
    const label = `${stats.schema}.${stats.table}`;
    if (
      stats.dead > 50 + 0.2 * stats.live ||
      stats.insertedSinceVacuum > 1000 + 0.2 * stats.live ||
      stats.pages - stats.allVisible > 8 + 0.2 * stats.pages
    ) {
      await db.execute(sql`vacuum (analyze) ${name}`);
      pass.vacuumed.push(label);
    } else if (stats.modifiedSinceAnalyze > 50 + 0.1 * stats.live || stats.neverAnalyzed) {
      await db.execute(sql`analyze ${name}`);
      pass.analyzed.push(label);
    }
  }
  return pass;
}

/**
 * On PGlite, a pass of `vacuumWhereNeeded` as the server starts (what piled up before a restart) and then every
 * minute, while the scheduler runs (SWEEP_INTERVAL_SECONDS > 0). PostgreSQL vacuums itself: there it does nothing.
 */
export const pgliteVacuumPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.database.kind !== 'pglite') return;
    repeatWhileSweeping(
      app,
      PGLITE_VACUUM_INTERVAL_MS,
      async () => {
        try {
          const done = await vacuumWhereNeeded(app.db);
          if (done.vacuumed.length + done.analyzed.length > 0)
            app.log.info(done, 'embedded database vacuumed');
        } catch (error) {
          app.log.error({ err: error }, 'embedded database vacuum failed');
        }
      },
      { atStart: true },
    );
  },
  { name: 'pglite-vacuum', dependencies: ['database'] },
);
