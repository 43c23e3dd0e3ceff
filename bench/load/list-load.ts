import { widgetByKey } from '@portal/domain';
import {
  type BenchTarget,
  barePageStatement,
  facilityIdsOf,
  type LoadSettings,
  startNaive,
  tokenOf,
} from './bench-target.ts';
import { BENCH_USERS } from './bench-world.ts';
import { type HttpLoad, type LoadTarget, loadHttp, loadSequential } from './http-load.ts';
import { interleaved } from './pairs.ts';
import { inlineStatement, type PgbenchResult, runPgbench } from './pgbench.ts';
import type { ServerHandle } from './server-handle.ts';
import type { Latency } from './server-protocol.ts';
import { loadWrk } from './wrk.ts';

/** The widgets of the goals: a plain list and a paged one. */
export const LIST_WIDGETS = ['highCost', 'refillTooSoon'] as const;

/** One list scenario: who, which widget, live or archive, and every round's figures. */
export interface ListResult {
  readonly engine: string;
  readonly facilities: number;
  readonly widget: string;
  readonly isArchived: boolean;
  /** SQL statements one list call sends (session, tenancy, page, count, discussions...). */
  readonly statementsPerRequest: number;
  readonly rowsPerPage: number;
  readonly app: HttpLoad[];
  /** PostgreSQL: pgbench running the page statement alone, and all the route's statements as one transaction. */
  readonly pgbenchPage: PgbenchResult[];
  readonly pgbenchRoute: PgbenchResult[];
  readonly naive: HttpLoad[];
  /** PGlite: the route at one connection, and the bare page statement back to back inside the server. */
  readonly appSingle: HttpLoad[];
  readonly bare: Latency[];
}

/** Every list scenario of the goals on one target: 5 and 200 facilities, two widgets, live and archive. */
export async function measureLists(
  target: BenchTarget,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<ListResult[]> {
  const naive = target.databaseUrl ? await startNaive(target, 10) : null;
  const results: ListResult[] = [];
  try {
    for (const user of BENCH_USERS) {
      for (const key of LIST_WIDGETS) {
        for (const isArchived of [false, true]) {
          const widget = widgetByKey(key);
          const path = `/api${widget.listCall}${isArchived ? '?archived=true' : ''}`;
          const headers = { authorization: `Bearer ${tokenOf(target, user.email)}` };
          // The second call is captured: the first fills the server's wire cache, as any earlier call of the list
          // would have, so what is captured is what a call sends in steady state (the page statement alone; the
          // fetch of texts by revision only runs for rows the cache lacks).
          await target.app.capture('GET', path, headers);
          const captured = await target.app.capture('GET', path, headers);
          if (captured.status !== 200) throw new Error(`${path}: ${captured.status} ${captured.body}`);
          const page = barePageStatement(key, isArchived, await facilityIdsOf(target, user.email));
          const answer: Record<string, unknown> = JSON.parse(captured.body);
          const rows = Array.isArray(answer[widget.listKey])
            ? (answer[widget.listKey] as unknown[]).length
            : 0;
          const label = `${target.engine}, ${user.facilities} facilities, ${key}${isArchived ? ' archive' : ''}`;
          log(`  ${label}: ${captured.statements.length} statements per call, ${rows} rows`);
          const result: ListResult = {
            engine: target.engine,
            facilities: user.facilities,
            widget: key,
            isArchived,
            statementsPerRequest: captured.statements.length,
            rowsPerPage: rows,
            app: [],
            pgbenchPage: [],
            pgbenchRoute: [],
            naive: [],
            appSingle: [],
            bare: [],
          };
          const app = () => loadGet(settings, target.app, { path, headers });
          const url = target.databaseUrl;
          if (url && naive) {
            await naive.setStatements({ page });
            const pageScript = `${inlineStatement(page)};\n`;
            // The session's idle clock is written at most once a minute, not per call: leave that update out,
            // or 50 pgbench clients would queue on one row.
            const perCall = captured.statements.filter((s) => !/^update "sessions"/i.test(s.text.trim()));
            const routeScript = `${perCall.map((s) => `${inlineStatement(s)};`).join('\n')}\n`;
            await interleaved(
              settings.rounds,
              [
                async () => result.app.push(await app()),
                async () =>
                  result.pgbenchPage.push(
                    await runPgbench(url, pageScript, settings.connections, settings.seconds),
                  ),
                async () => result.naive.push(await loadGet(settings, naive, { path: '/q/page' })),
                async () =>
                  result.pgbenchRoute.push(
                    // Prepared, as the route runs its statement (prepared.ts): the database's ceiling for it.
                    await runPgbench(url, routeScript, settings.connections, settings.seconds, 'prepared'),
                  ),
              ],
              (round) => log(`    round ${round}: ${roundLine(result)}`),
            );
          } else {
            await interleaved(
              settings.rounds,
              [
                async () => result.app.push(await app()),
                async () =>
                  result.appSingle.push(
                    await loadSequential(target.app, { path, headers }, settings.seconds),
                  ),
                async () => result.bare.push(await target.app.bare(page, settings.seconds)),
              ],
              (round) => log(`    round ${round}: ${roundLine(result)}`),
            );
          }
          results.push(result);
        }
      }
    }
  } finally {
    await naive?.stop();
  }
  return results;
}

/** The route and the naive route are loaded by the same generator, so neither gets a cheaper client. */
function loadGet(settings: LoadSettings, server: ServerHandle, target: LoadTarget): Promise<HttpLoad> {
  return settings.generator === 'wrk'
    ? loadWrk(server, target, settings.connections, settings.seconds)
    : loadHttp(server, target, settings.connections, settings.seconds);
}

function roundLine(r: ListResult): string {
  const app = r.app.at(-1);
  const parts = [`route ${fmt(app)}`];
  const page = r.pgbenchPage.at(-1);
  if (page) parts.push(`pgbench page ${page.tps.toFixed(0)} tps`);
  const naive = r.naive.at(-1);
  if (naive) parts.push(`naive ${fmt(naive)}`);
  const route = r.pgbenchRoute.at(-1);
  if (route) parts.push(`pgbench route SQL (prepared) ${route.tps.toFixed(0)} tps`);
  const single = r.appSingle.at(-1);
  if (single) parts.push(`route 1 conn p50 ${single.p50.toFixed(2)} ms`);
  const bare = r.bare.at(-1);
  if (bare) parts.push(`bare page p50 ${bare.p50.toFixed(2)} ms (${bare.perSecond.toFixed(0)}/s)`);
  return parts.join('; ');
}

function fmt(load: HttpLoad | undefined): string {
  if (!load) return '-';
  const failed = load.failed ? `, ${load.failed} failed` : '';
  return `${load.requestsPerSecond.toFixed(0)} req/s p50 ${load.p50} ms p99 ${load.p99} ms cpu ${load.cpuMsPerRequest.toFixed(2)} ms/req${failed}`;
}
