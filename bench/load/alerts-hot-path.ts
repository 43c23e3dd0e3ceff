import type { WidgetKey } from '@portal/domain';
import type { Db } from '@portal/server/src/db/client.ts';
import { facilities } from '@portal/server/src/db/schema/index.ts';
import { asc, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { type AlertCursor, alertOffsetPageQuery, alertPageQuery } from './alert-page-query.ts';
import { medianMsEach } from './timing.ts';

const PAGE = 100;
const TARGET_DEPTH = 50;

/** Whose list is read: a name and the facilities the user may see. */
export interface Viewer {
  readonly label: string;
  readonly facIds: readonly number[];
}

/** Costs of one viewer's list: page 1, the deepest page reached (keyset and OFFSET), and the plans. */
export interface HotPathResult {
  readonly viewer: string;
  readonly facilities: number;
  readonly liveRows: number;
  readonly depth: number;
  readonly page1Ms: number;
  readonly keysetDeepMs: number;
  readonly offsetDeepMs: number;
  readonly page1Plan: string;
  readonly keysetDeepPlan: string;
  readonly offsetDeepPlan: string;
}

/**
 * The viewers of the benchmark: a nurse at one generated facility (alerts_live_fac_idx), and a pharmacy
 * SysAdmin at two pharmacies, like sysadmin@ in the demo (many facilities: alerts_live_widget_idx).
 */
export async function viewers(db: Db): Promise<Viewer[]> {
  const rows = await db
    .select({ facId: facilities.facId })
    .from(facilities)
    .where(inArray(facilities.pharmId, ['sprx', 'upny']))
    .orderBy(asc(facilities.facId));
  return [
    { label: 'facility user (1 facility)', facIds: [10_001] },
    { label: 'pharmacy user (sprx + upny)', facIds: rows.map((r) => r.facId) },
  ];
}

/** Walks the keyset pages to the deepest one (at most page 50) and times page 1, that page, and its OFFSET twin. */
export async function measureHotPath(db: Db, widget: WidgetKey, viewer: Viewer): Promise<HotPathResult> {
  const base = { widget, facIds: viewer.facIds, limit: PAGE };
  let cursor: AlertCursor | null = null;
  let depth = 1;
  let liveRows = 0;
  let deepCursor: AlertCursor | null = null;
  // Follow the cursors as a client would, remembering where the deepest page starts.
  for (let page = 1; page <= TARGET_DEPTH; page++) {
    const rows = await alertPageQuery(db, { ...base, after: cursor });
    if (rows.length === 0) break;
    liveRows += rows.length;
    depth = page;
    deepCursor = cursor;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) break;
    cursor = { dateCreated: last.dateCreated, id: last.id };
  }
  const page1 = alertPageQuery(db, { ...base, after: null });
  const keysetDeep = alertPageQuery(db, { ...base, after: deepCursor });
  const offsetDeep = alertOffsetPageQuery(db, base, depth);
  const [page1Ms = 0, keysetDeepMs = 0, offsetDeepMs = 0] = await medianMsEach([
    () => page1.execute(),
    () => keysetDeep.execute(),
    () => offsetDeep.execute(),
  ]);
  return {
    viewer: viewer.label,
    facilities: viewer.facIds.length,
    liveRows,
    depth,
    page1Ms,
    keysetDeepMs,
    offsetDeepMs,
    page1Plan: await explain(db, page1),
    keysetDeepPlan: await explain(db, keysetDeep),
    offsetDeepPlan: await explain(db, offsetDeep),
  };
}

async function explain(db: Db, query: SQLWrapper): Promise<string> {
  const result = await db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`);
  const rows =
    typeof result === 'object' && result && 'rows' in result && Array.isArray(result.rows) ? result.rows : [];
  return rows
    .map((row: Record<string, unknown>) => String(row['QUERY PLAN'] ?? Object.values(row)[0]))
    .join('\n');
}
