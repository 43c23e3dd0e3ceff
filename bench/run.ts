import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { openDatabase } from '@portal/server/src/db/client.ts';
import { DEMO_PASSWORD } from '@portal/server/src/db/seed/index.ts';
import { sql } from 'drizzle-orm';
import { measureActions } from './load/action-load.ts';
import type { BenchTarget, LoadSettings } from './load/bench-target.ts';
import { signIn } from './load/bench-target.ts';
import { BENCH_USERS, BIG_LIST_USER, prepareBenchWorld, prepareDemoWorld } from './load/bench-world.ts';
import { measureEvents, renderEvents } from './load/events-load.ts';
import { measureIngest, renderIngest } from './load/ingest-load.ts';
import { measureLists } from './load/list-load.ts';
import { measurePaging } from './load/paging-load.ts';
import { runSeedAndHotPath } from './load/seed-and-hot.ts';
import { ServerHandle } from './load/server-handle.ts';
import { WRK, wrkAvailable } from './load/wrk.ts';
import {
  renderActions,
  renderPaging,
  renderPgliteLists,
  renderPostgresLists,
  replaceSection,
} from './load-report.ts';
import { measureBundle, renderBundle } from './render/bundle-size.ts';
import { measureDashboard, renderDashboard } from './render/dashboard-render.ts';
import { measureMemory, renderMemory } from './render/memory.ts';
import { MEMORY_REPLY_PREFIX } from './render/shift-activity.ts';

const PARTS = [
  'list',
  'paging',
  'actions',
  'browser',
  'ingest',
  'bundle',
  'seed',
  'events',
  'memory',
] as const;
type Part = (typeof PARTS)[number];
const REPORT = new URL('./REPORT.md', import.meta.url);
const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The list calls' load generator: the one asked for, else wrk where installed, else autocannon. */
function chooseGenerator(asked: string | undefined): LoadSettings['generator'] {
  if (asked === undefined) return wrkAvailable() ? 'wrk' : 'autocannon';
  if (asked === 'autocannon') return asked;
  if (asked !== 'wrk') throw new Error(`--generator ${asked}: wrk or autocannon`);
  if (!wrkAvailable()) throw new Error(`--generator wrk: ${WRK} not found (apt-get install wrk)`);
  return asked;
}

/**
 * `npm run bench -- [--only list,paging,actions,browser,bundle,seed,events,memory] [--scale 200] [--db postgres|pglite|both] [--generator wrk|autocannon]`.
 * Every figure is a ratio against a baseline measured in the same run, in interleaved rounds, because absolute
 * figures on a shared 2-core machine say little. Without --database-url a scratch PostgreSQL database is created
 * and dropped; without --pglite-dir a temporary PGlite folder is used and removed. Updates bench/REPORT.md.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', default: 'list,paging,actions,browser,ingest,bundle' },
      scale: { type: 'string', default: '200' },
      db: { type: 'string', default: 'both' },
      'database-url': { type: 'string' },
      'pglite-dir': { type: 'string' },
      seconds: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '3' },
      connections: { type: 'string', default: '50' },
      // The list calls' HTTP load generator: wrk where Debian's package is installed, else autocannon.
      generator: { type: 'string' },
      'log-level': { type: 'string', default: 'warn' },
      // The seed part's own sizes (seed throughput and the hot-path queries of the earlier report).
      'seed-facilities': { type: 'string', default: '20' },
      // The memory part: cycles of a shift after the settled baseline at which the page's memory is read, and
      // how long the shift runs before that baseline.
      'memory-cycles': { type: 'string', default: '100,200,400' },
      'memory-settle': { type: 'string', default: '330' },
    },
  });
  const parts = new Set(
    (values.only ?? '').split(',').filter((p): p is Part => (PARTS as readonly string[]).includes(p)),
  );
  const settings: LoadSettings = {
    seconds: Number(values.seconds),
    rounds: Math.max(3, Number(values.rounds)),
    connections: Number(values.connections),
    generator: chooseGenerator(values.generator),
  };
  const scale = Number(values.scale);
  const engines = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db];
  const before = machineLoad();
  console.log(`Machine: ${machine()}; load before: ${before}`);
  let report = existsSync(REPORT) ? await readFile(REPORT, 'utf8') : '# Benchmark report\n';
  const save = async (key: string, markdown: string) => {
    report = replaceSection(report, key, markdown);
    await writeFile(REPORT, report);
  };
  if (parts.has('bundle')) {
    await save('bundle', renderBundle(await measureBundle(WEB_DIST)));
  }
  const scaleParts = ['list', 'paging', 'actions', 'browser', 'ingest', 'events'].some((p) =>
    parts.has(p as Part),
  );
  // The memory part needs the demo world only (its nurse and pharmacy user are the seed's), not the scale seed.
  const serverParts = scaleParts || parts.has('memory');
  for (const engine of serverParts ? engines : []) {
    if (engine !== 'postgres' && engine !== 'pglite')
      throw new Error(`--db ${engine}: postgres, pglite or both`);
    await withDatabase(
      engine,
      values['database-url'],
      values['pglite-dir'],
      async (databaseUrl, pgliteDir) => {
        console.log(`${engine}: preparing the database (${scaleParts ? `scale ${scale}` : 'demo world'})`);
        const database = await openDatabase({ databaseUrl, pgliteDir });
        try {
          if (scaleParts) await prepareBenchWorld(database.db, scale, console.log);
          else await prepareDemoWorld(database.db);
          // Vacuumed and analysed once set up, as autovacuum keeps a live database: this machine's PostgreSQL runs
          // with autovacuum off and PGlite has none, so the seed's 200,000 fresh rows had no visibility map (every
          // index-only scan read the table too) and a kept database gathered the dead rows of earlier runs.
          await database.db.execute(sql`vacuum (analyze)`);
        } finally {
          await database.close();
        }
        const app = await ServerHandle.start({
          kind: 'app',
          databaseUrl,
          pgliteDir,
          poolSize: 10,
          logLevel: values['log-level'] ?? 'warn',
          webDist: existsSync(join(WEB_DIST, 'index.html')) ? WEB_DIST : null,
        });
        try {
          const tokens = new Map<string, string>();
          for (const user of scaleParts ? BENCH_USERS : [])
            tokens.set(user.email, await signIn(app, user.email, user.password));
          const target: BenchTarget = { engine, databaseUrl, pgliteDir, app, tokens };
          const stamp = `${new Date().toISOString()}, ${machine()}, scale ${scale}, ${settings.seconds} s per run, ${settings.rounds} rounds, list load by ${settings.generator}`;
          if (parts.has('list')) {
            console.log(`${engine}: list calls`);
            const lists = await measureLists(target, settings, console.log);
            const markdown =
              engine === 'postgres'
                ? renderPostgresLists(lists, settings.connections)
                : renderPgliteLists(lists, settings.connections);
            await save(
              `list-${engine}`,
              `${markdown}\nRun: ${stamp}; load before ${before}, after ${machineLoad()}.`,
            );
          }
          if (parts.has('paging')) {
            console.log(`${engine}: page 1 against page 500`);
            const paging = await measurePaging(target, settings, console.log);
            await save(
              `paging-${engine}`,
              `${renderPaging([paging])}\nRun: ${stamp}; load after ${machineLoad()}.`,
            );
          }
          if (parts.has('actions')) {
            console.log(`${engine}: requestaction`);
            const actions = await measureActions(target, settings, console.log);
            await save(
              `actions-${engine}`,
              `${renderActions([actions], settings.connections)}\nRun: ${stamp}; load after ${machineLoad()}.`,
            );
          }
          if (parts.has('browser')) {
            console.log(`${engine}: browser`);
            const first = BENCH_USERS[0];
            if (!first) throw new Error('no bench user');
            const dashboard = await measureDashboard(
              app.url,
              first,
              BIG_LIST_USER,
              settings.rounds,
              console.log,
            );
            await save(`browser-${engine}`, `${renderDashboard(dashboard)}\nRun: ${stamp}.`);
          }
          if (parts.has('memory')) {
            console.log(`${engine}: memory over a shift`);
            const loadBefore = machineLoad();
            const memory = await measureMemory({
              appUrl: app.url,
              nurse: { email: 'nurse@meadowbrook.test', password: DEMO_PASSWORD },
              pharmacy: { email: 'sysadmin@pharmacy.test', password: DEMO_PASSWORD },
              checkpoints: (values['memory-cycles'] ?? '')
                .split(',')
                .map(Number)
                .filter((n) => n > 0),
              settleSeconds: Number(values['memory-settle']),
              repliesPerCycle: 2,
              removeReplies: async () => {
                await app.query('delete from alert_actions where comment like $1', [
                  `${MEMORY_REPLY_PREFIX}%`,
                ]);
              },
              log: console.log,
              snapshotDir: process.env.MEMORY_SNAPSHOTS,
            });
            await save(
              `memory-${engine}`,
              `${renderMemory(memory)}\nRun: ${new Date().toISOString()}, ${machine()}; load before ${loadBefore}, after ${machineLoad()}.`,
            );
          }
          if (parts.has('ingest')) {
            console.log(`${engine}: ingest`);
            const ingest = await measureIngest(target, settings, console.log);
            await save(
              `ingest-${engine}`,
              `${renderIngest([ingest])}\nRun: ${stamp}; load after ${machineLoad()}.`,
            );
          }
          if (parts.has('events')) {
            console.log(`${engine}: live updates`);
            const events = await measureEvents(target, settings, console.log);
            await save(
              `events-${engine}`,
              `${renderEvents([events])}\nRun: ${stamp}; load after ${machineLoad()}.`,
            );
          }
        } finally {
          await app.stop();
        }
      },
    );
  }
  if (parts.has('seed')) {
    const markdown = await runSeedAndHotPath(
      Number(values['seed-facilities']),
      scale,
      values['database-url'],
    );
    await save('seed', markdown);
  }
  console.log(`Load after: ${machineLoad()}. Updated bench/REPORT.md`);
}

/** Runs `work` on the engine's database: the one given, or a scratch one that is removed afterwards. */
async function withDatabase(
  engine: 'postgres' | 'pglite',
  givenUrl: string | undefined,
  givenDir: string | undefined,
  work: (databaseUrl: string | undefined, pgliteDir: string | undefined) => Promise<void>,
): Promise<void> {
  if (engine === 'pglite') {
    if (givenDir) return work(undefined, givenDir);
    const dir = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
    try {
      return await work(undefined, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (givenUrl) return work(givenUrl, undefined);
  const name = `portal_bench_${process.pid}`;
  const run = promisify(execFile);
  await run('psql', [ADMIN_URL, '-c', `create database ${name}`]);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await work(url.toString(), undefined);
  } finally {
    await run('psql', [ADMIN_URL, '-c', `drop database if exists ${name} with (force)`]);
  }
}

function machine(): string {
  return `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`;
}

function machineLoad(): string {
  return `loadavg ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
