import { widgetByKey } from '@portal/domain';
import { type BenchTarget, type LoadSettings, tokenOf } from './bench-target.ts';
import { BENCH_USERS } from './bench-world.ts';
import { type HttpLoad, loadSequential } from './http-load.ts';
import { interleaved } from './pairs.ts';

const DEEP_PAGE = 500;
const MAX_LIMIT = 100;

/** Page 1 against page 500 of one list, by cursor and by OFFSET (page=500), one connection each. */
export interface PagingResult {
  readonly engine: string;
  readonly widget: string;
  readonly facilities: number;
  readonly liveAlerts: number;
  /** Page size: 100, or less when the list is shorter than 500 pages of 100. */
  readonly limit: number;
  readonly page1: HttpLoad[];
  readonly cursor500: HttpLoad[];
  readonly offset500: HttpLoad[];
}

async function getJson(url: string, headers: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Walks the 200-facility nurse's highCost list to page 500 by its cursors, as a client would, then times page 1
 * and page 500 (cursor and OFFSET) in interleaved rounds at one connection, where latency is the query's own
 * and not queueing. At --scale 200 the list holds about 16,000 live alerts, so pages are smaller than 100.
 */
export async function measurePaging(
  target: BenchTarget,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<PagingResult> {
  const user = BENCH_USERS.at(-1);
  if (!user) throw new Error('no bench user');
  const widget = widgetByKey('highCost');
  const headers = { authorization: `Bearer ${tokenOf(target, user.email)}` };
  const base = `${target.app.url}/api${widget.listCall}`;
  const first = await getJson(`${base}?limit=1`, headers);
  const liveAlerts = Number(first.count);
  const limit = Math.min(MAX_LIMIT, Math.floor(liveAlerts / DEEP_PAGE));
  if (limit < 1) throw new Error(`the list has ${liveAlerts} alerts: too short for page ${DEEP_PAGE}`);
  let cursor: string | null = null;
  for (let page = 1; page < DEEP_PAGE; page++) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await getJson(`${base}?limit=${limit}${query}`, headers);
    cursor = typeof answer.cursor === 'string' ? answer.cursor : null;
    if (!cursor) throw new Error(`the list ended at page ${page}`);
  }
  log(`  ${target.engine}: ${liveAlerts} live alerts, ${limit} per page, walked to page ${DEEP_PAGE}`);
  const result: PagingResult = {
    engine: target.engine,
    widget: widget.key,
    facilities: user.facilities,
    liveAlerts,
    limit,
    page1: [],
    cursor500: [],
    offset500: [],
  };
  const at = (query: string) => () =>
    loadSequential(target.app, { path: `/api${widget.listCall}?${query}`, headers }, settings.seconds);
  const page1 = at(`limit=${limit}`);
  const cursor500 = at(`limit=${limit}&cursor=${encodeURIComponent(cursor ?? '')}`);
  const offset500 = at(`limit=${limit}&page=${DEEP_PAGE}`);
  await interleaved(
    settings.rounds,
    [
      async () => result.page1.push(await page1()),
      async () => result.cursor500.push(await cursor500()),
      async () => result.offset500.push(await offset500()),
    ],
    (round) =>
      log(
        `    round ${round}: p50 page 1 ${ms(result.page1)}, page ${DEEP_PAGE} cursor ${ms(result.cursor500)}, ` +
          `OFFSET ${ms(result.offset500)}`,
      ),
  );
  return result;
}

function ms(runs: readonly HttpLoad[]): string {
  return `${(runs.at(-1)?.p50 ?? 0).toFixed(2)} ms`;
}
