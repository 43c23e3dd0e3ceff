import type { Widget } from '@portal/domain';
import { fillPlaceholders, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { alerts } from '../../db/schema/index.ts';
import type { SessionPolicy } from '../../platform/sessions.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { Cursor } from './cursor.ts';
import { executePrepared } from './prepared.ts';
import { READ_KEY, type SortColumn } from './sorting.ts';

/** What one list call asks the database: whose session, which widget, which page. */
export interface ListStatementRequest {
  token: string;
  policy: SessionPolicy;
  now: Date;
  widget: Widget;
  /** `facilityIds` of the query: narrows the visible facilities, never widens them. */
  only: readonly number[] | undefined;
  isArchived: boolean;
  sort: SortColumn;
  direction: 'asc' | 'desc';
  limit: number;
  after: Cursor | null;
  offset: number;
  from?: Date | undefined;
  to?: Date | undefined;
  /**
   * Answer each row's kept text too. Without it the rows carry their revision only and the route takes the texts
   * from its wire cache, fetching the ones it lacks by revision (`fetchListTexts`).
   */
  withText: boolean;
}

/** The session's user as the statement found it (null: unknown, revoked, idle too long or past its end). */
export interface ListStatementUser {
  sessionId: number;
  id: number;
  email: string;
  displayName: string;
  userType: 'FacilityUser' | 'PharmacyUser' | 'SuperAdmin';
  mustChangePassword: boolean;
  /** The idle clock is older than a minute: the caller refreshes it. */
  stale: boolean;
}

/**
 * One alert row of the page: its kept list row's revision and, when asked for, its text (`{"alert": {...},
 * "actions": [...]}`, timestamps already as ISO strings, the discussion oldest first), and its facility's name.
 */
export interface ListStatementRow {
  id: number;
  rev: number;
  listJson: string | null;
  facName: string;
}

/** One arm of the page: the unread or the read rows, continued from the cursor or not, run always or not. */
interface Arm {
  isRead: boolean;
  keyset: boolean;
  gate: SQL;
}

/** Up to this many visible facilities the page reads their index ranges; above it, it walks the widget in order. */
const FEW_FACILITIES = 16;

// A request refreshes the idle clock at most once a minute (as sessions.ts does).
const TOUCH_AFTER_MS = 60_000;

const ph = (name: keyof ListValues) => sql.placeholder(name);

/** The values of one call, filled into its shape's statement (placeholders by these names). */
interface ListValues {
  touchBefore: string;
  tokenHash: string;
  now: string;
  idleSince: string;
  widget: string;
  only: number[] | null;
  afterValue: string | number | null;
  afterId: number | null;
  from: string | null;
  to: string | null;
}

function castAfter(sort: SortColumn): SQL {
  if (sort.kind === 'time') return sql`${ph('afterValue')}::timestamptz`;
  if (sort.kind === 'number') return sql`${ph('afterValue')}::numeric`;
  return sql`${ph('afterValue')}::text`;
}

/**
 * The sort value as the drivers gave it to the cursor before: timestamps and numerics as their PostgreSQL text,
 * integers and text as themselves, so cursors stay byte-identical.
 */
function sortValueJson(sort: SortColumn, value: SQL): SQL {
  if (sort.kind === 'time') return sql`to_json((${value})::text)`;
  if (sort.kind === 'text') return sql`to_json(${value})`;
  return sql`case when pg_typeof(${value}) = 'numeric'::regtype then to_json((${value})::text) else to_json(${value}) end`;
}

/**
 * The statement of one shape of list call, with placeholders for the values of `ListValues`: the session (token
 * hash, revoked, idle and absolute expiry, deleted user), the caller's visible facilities (tenancy, narrowed by
 * `facilityIds`), the keyset page, and the total count from `alert_counts` (or `count(*)` on a dated archive range).
 */
function listStatement(request: ListStatementRequest): SQL {
  const { sort, direction } = request;
  const dir = sql.raw(direction);
  const keyset =
    direction === 'asc'
      ? sql`and (${sort.expr}, ${alerts.id}) > (${castAfter(sort)}, ${ph('afterId')}::bigint)`
      : sql`and (${sort.expr}, ${alerts.id}) < (${castAfter(sort)}, ${ph('afterId')}::bigint)`;
  const archived = request.isArchived ? sql`${alerts.isArchived}` : sql`not ${alerts.isArchived}`;
  const range = sql`${request.from ? sql`and ${alerts.dateCreated} >= ${ph('from')}::timestamptz` : sql``} ${
    request.to ? sql`and ${alerts.dateCreated} < ${ph('to')}::timestamptz` : sql``
  }`;
  const narrow = (facId: SQL) => (request.only ? sql`and ${facId} = any(${ph('only')}::int[])` : sql``);
  const isDated = Boolean(request.from || request.to);
  const few = sql.raw(String(FEW_FACILITIES));
  const archivedCount = sql.raw(String(request.isArchived));
  // Membership in the visible facilities is a join (hashed) wherever many rows are tested, not `= any(ids)`: an
  // array the statement computes is searched element by element, so 200 counters or facilities against 200 ids
  // cost 20,000-40,000 comparisons, about 12% of the 200-facility statement (bench/README.md, fix 12).
  const count = isDated
    ? sql`(select count(*)::int from ${alerts} where ${alerts.widget} = ${ph('widget')}
          and ${alerts.facId} = any((select ids from ids)::int[]) and ${archived} ${range})`
    : sql`(case when (select cardinality(ids) from ids) <= ${few}
          then (select coalesce(sum((select c.alert_count from alert_counts c where c.widget = ${ph('widget')}
            and c.fac_id = vis.fac_id and c.is_archived = ${archivedCount})), 0)::int from vis)
          else (select coalesce(sum(c.alert_count), 0)::int from alert_counts c where c.widget = ${ph('widget')}
            and c.fac_id in (select fac_id from vis) and c.is_archived = ${archivedCount}) end)`;
  // Two plans for the page, one of which runs (the other's one-time filter is false): the facility ids come from
  // the statement itself, so the planner cannot tell 5 facilities from 200. Few: the per-facility index ranges,
  // then sort. Many: walk the widget's index in order and filter the facility (`+ 0` keeps fac_id out of the
  // index condition), as PostgreSQL plans the page when the ids are a literal array. That filter is written as
  // "not one of the facilities the caller may not see" (every alert's facility is a facility): PostgreSQL guesses
  // that `= any(<array it cannot see>)` keeps a few percent of the rows, so near the end of a list (page 500 of 511)
  // it read every remaining row and sorted them (3x page 1); the negation's guess keeps most rows, as they are. Each branch ends in its own
  // ORDER BY ... LIMIT, so a sort under it is a bounded (top-N) one; the rows are numbered only at the end, over
  // the page (a row_number() inside the branch made PostgreSQL sort every archived alert of 200 facilities).
  // With few facilities the page is chosen by id alone, from the index in the default order (an index-only scan:
  // the facility's index holds widget, facility, read key, date and id), and only its rows are read from the table, with
  // their facility's name: reading every alert of 5 facilities from the table to keep 100 of them was most of the
  // statement's cost (bench/README.md, fix 7). Each row is named by its id and list_rev (migration 0009); its kept
  // list_json (its fields and discussion, migration 0008: never null) only when asked for.
  const text = request.withText ? sql`${alerts.listJson}` : sql`null::text`;
  // Unread rows first (spec 1, section 4), then the chosen sort, then id: the page is two arms, the unread rows and
  // the read ones (read, or not markable: `READ_KEY`), each one index range in its sort order (the list indexes
  // hold the read key right before the date, migration 0016). A single ordered walk cannot do it: "unread first"
  // stays first whichever way the sort goes, so (key, date, id) would need an index per direction. The cursor
  // names its arm (`u`): in the unread arm the page continues it by keyset and then starts the read arm; in the
  // read arm only the read arm continues. The read arm runs only when the unread rows do not fill the page.
  const limit = Math.trunc(request.limit) + 1;
  const offset = request.after ? 0 : Math.trunc(request.offset);
  // Each arm yields enough rows for the whole page (its offset included); the page is cut from both at the end.
  const armOrder = sql`order by ${sort.expr} ${dir}, ${alerts.id} ${dir} limit ${sql.raw(String(limit + offset))}`;
  const columns = sql`${alerts.id}, ${alerts.listRev} as list_rev, ${text} as list_json, "facilities"."name" as fac_name,
    ${sort.expr} as sort_key, ${READ_KEY} as is_read`;
  const where = (
    tenancy: SQL,
    arm: Arm,
  ) => sql`where ${alerts.widget} = ${ph('widget')} and ${tenancy} and ${archived} ${range}
    and ${arm.isRead ? READ_KEY : sql`not ${READ_KEY}`} ${arm.keyset ? keyset : sql``} ${arm.gate}`;
  // Many facilities: the widget's index walked in order stops after a page, so its rows are read as it goes
  // (choosing the ids first made that plan 0.85x as fast: each row was then looked up twice).
  const fewBranch = (tenancy: SQL, arm: Arm) => sql`(select ${columns}
  from (select ${alerts.id} from ${alerts}
    ${sort.readsFacility ? sql`inner join "facilities" on "facilities"."fac_id" = ${alerts.facId}` : sql``}
    ${where(tenancy, arm)}
    ${armOrder}) k
  inner join ${alerts} on ${alerts.id} = k.id
  inner join "facilities" on "facilities"."fac_id" = ${alerts.facId})`;
  const manyBranch = (tenancy: SQL, arm: Arm) => sql`(select ${columns}
  from ${alerts} inner join "facilities" on "facilities"."fac_id" = ${alerts.facId}
  ${where(tenancy, arm)}
  ${armOrder})`;
  const fewTenancy = sql`${alerts.facId} = any((select ids from ids)::int[]) and (select cardinality(ids) from ids) <= ${few}`;
  const manyTenancy = sql`not ((${alerts.facId} + 0) = any((select ids from hidden)::int[])) and (select cardinality(ids) from ids) > ${few}`;
  const arm = (a: Arm) => sql`${fewBranch(fewTenancy, a)}
  union all
  ${manyBranch(manyTenancy, a)}`;
  // A cursor in the read arm has passed every unread row: the unread arm is left out.
  const withUnread = !request.after || request.after.u === true;
  const unreadArm = withUnread
    ? sql`unread_page as (
  ${arm({ isRead: false, keyset: Boolean(request.after), gate: sql`` })}
), `
    : sql``;
  const readArm = sql`read_page as (
  ${arm({
    isRead: true,
    keyset: Boolean(request.after) && !withUnread,
    // A one-time filter: when the unread rows fill the page, the read arm reads nothing.
    gate: withUnread
      ? sql`and (select count(*) from unread_page) < ${sql.raw(String(limit + offset))}`
      : sql``,
  })}
), `;
  const page = sql`page as (
  select * from (${withUnread ? sql`select * from unread_page union all ` : sql``}select * from read_page) b
  order by b.is_read, b.sort_key ${dir}, b.id ${dir}
  limit ${sql.raw(String(limit))} offset ${sql.raw(String(offset))}
)`;
  // The page comes back as ONE row: the session's user, the count, how many rows the page read (one more than it
  // shows, to tell whether there is a next one), and the shown rows as one JSON array text of (id, revision,
  // facility name) triples, or quads with the kept text when asked for, in page order. The route takes that text as
  // it is for its page cache's key (wire-cache.ts), so a page it has answered before costs it no row parsing at all
  // (bench/README.md, fix 15). The cursor is made from the last shown row: only its id, sort value (as JSON) and read
  // state come apart.
  const shownLimit = sql.raw(String(Math.trunc(request.limit)));
  const quad = request.withText ? sql` || ',' || coalesce(p.list_json, 'null')` : sql``;
  return sql`with me as (
  select s.id as session_id, u.id, u.email, u.display_name, u.user_type, u.must_change_password,
    s.last_seen_at < ${ph('touchBefore')}::timestamptz as stale
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = ${ph('tokenHash')} and s.revoked_at is null
    and s.expires_at > ${ph('now')}::timestamptz and s.last_seen_at > ${ph('idleSince')}::timestamptz
    and u.deleted_at is null
  limit 1
), vis as (
  select m.fac_id from me join facility_memberships m on m.user_id = me.id
  where not me.must_change_password and me.user_type = 'FacilityUser' ${narrow(sql`m.fac_id`)}
  union all
  select f.fac_id from me join pharmacy_memberships m on m.user_id = me.id join facilities f on f.pharm_id = m.pharm_id
  where not me.must_change_password and me.user_type = 'PharmacyUser' ${narrow(sql`f.fac_id`)}
  union all
  select f.fac_id from me, facilities f
  where not me.must_change_password and me.user_type = 'SuperAdmin' ${narrow(sql`f.fac_id`)}
), ids as (
  select coalesce(array_agg(fac_id), '{}') as ids from vis
), hidden as (
  select coalesce(array_agg(f.fac_id), '{}') as ids from facilities f
  where not exists (select 1 from vis where vis.fac_id = f.fac_id)
), ${unreadArm}${readArm}${page}
select
  (select json_build_object(
     'sessionId', session_id, 'id', id, 'email', email, 'displayName', display_name, 'userType', user_type,
     'mustChangePassword', must_change_password, 'stale', stale) from me) as "user",
  ${count} as "count",
  count(p.id)::int as "read",
  '[' || coalesce(string_agg(p.id::text || ',' || p.list_rev::text || ',' || to_json(p.fac_name)::text${quad}, ','
    order by p.rn) filter (where p.rn <= ${shownLimit}), '') || ']' as "page",
  (array_agg(p.id) filter (where p.rn = ${shownLimit}))[1] as "lastId",
  (array_agg(${sortValueJson(sort, sql`p.sort_key`)}) filter (where p.rn = ${shownLimit}))[1] as "sortValue",
  bool_or(not p.is_read) filter (where p.rn = ${shownLimit}) as "unread"
from (select page.*, row_number() over (order by page.is_read, page.sort_key ${dir}, page.id ${dir}) as rn
  from page) p`;
}

// Each shape of the statement (widget, sort, direction, archive, cursor, range, narrowing, texts, limit, offset) is
// built into text once; a call only fills in its values (building it with drizzle on every call cost ~0.13 ms of
// the server's ~1 ms CPU per list call under load).
const dialect = new PgDialect();
const shapes = new Map<string, Query>();
const MAX_SHAPES = 2000;
// The sort columns are constants (sorting.ts): each one's number names it in the shape.
const sortIds = new Map<SortColumn, number>();

function listQueryOf(request: ListStatementRequest): Query {
  let sortId = sortIds.get(request.sort);
  if (sortId === undefined) {
    sortId = sortIds.size;
    sortIds.set(request.sort, sortId);
  }
  const key = [
    request.widget.key,
    sortId,
    request.direction,
    request.isArchived,
    // A cursor continues the unread arm (and then the read one) or the read arm alone.
    request.after ? (request.after.u ? 'unread' : 'read') : 'first',
    Boolean(request.from),
    Boolean(request.to),
    Boolean(request.only),
    request.withText,
    Math.trunc(request.limit),
    request.after ? 0 : Math.trunc(request.offset),
  ].join('|');
  const known = shapes.get(key);
  if (known) return known;
  const query = dialect.sqlToQuery(listStatement(request));
  if (shapes.size < MAX_SHAPES) shapes.set(key, query);
  return query;
}

/** The page's last shown row, the one a next page's cursor continues from. */
export interface ListStatementLast {
  id: number;
  sortValue: string | number;
  /** Whether it is unread: the arm a next page's cursor continues. */
  unread: boolean;
}

/** One list call's answer from the database. */
export interface ListStatementAnswer {
  user: ListStatementUser | null;
  count: number;
  /** Rows the page read: one more than `limit` when there is a next page. */
  read: number;
  /**
   * The shown rows as one JSON array text, flat: id, revision, facility name (and the kept text, when asked for) of
   * each row in page order. The same page of the same revisions is the same text (`pageRows` reads it).
   */
  page: string;
  last: ListStatementLast | null;
}

/**
 * A whole list call in ONE statement (bench/README.md), its shape's text (`listStatement`) with this call's values.
 */
export async function runListStatement(db: Db, request: ListStatementRequest): Promise<ListStatementAnswer> {
  // Always one row (an aggregate): the session, the count and the page, whose rows stay one unparsed text until the
  // route needs them (a page it has answered before, it does not).
  const [answer] = await executePrepared<{
    user: ListStatementUser | null;
    count: number | null;
    read: number | null;
    page: string | null;
    lastId: number | string | bigint | null;
    sortValue: string | number | null;
    unread: boolean | null;
  }>(db, listStatementQuery(request), 'alerts_list');
  const last =
    answer?.lastId === null || answer?.lastId === undefined
      ? null
      : { id: Number(answer.lastId), sortValue: answer.sortValue ?? '', unread: answer.unread === true };
  return {
    user: answer?.user ?? null,
    count: answer?.count ?? 0,
    read: Number(answer?.read ?? 0),
    page: answer?.page ?? '[]',
    last,
  };
}

/** The rows of a page text (`ListStatementAnswer.page`): triples, or quads with each row's kept text. */
export function pageRows(page: string, withText: boolean): ListStatementRow[] {
  const flat = JSON.parse(page) as unknown[];
  const width = withText ? 4 : 3;
  const rows: ListStatementRow[] = [];
  for (let i = 0; i + width <= flat.length; i += width) {
    rows.push({
      id: Number(flat[i]),
      rev: Number(flat[i + 1]),
      facName: String(flat[i + 2]),
      // The kept text is spliced into the array as JSON; wire-cache.ts reads it as text.
      listJson: withText && flat[i + 3] != null ? JSON.stringify(flat[i + 3]) : null,
    });
  }
  return rows;
}

/** The statement of one list call, its shape's text with this call's values (also what an EXPLAIN of it runs). */
export function listStatementQuery(request: ListStatementRequest): Query {
  const { now } = request;
  const idleSince = new Date(now.getTime() - request.policy.idleMinutes * 60_000);
  const touchBefore = new Date(now.getTime() - TOUCH_AFTER_MS);
  const after = request.after;
  const values: ListValues = {
    touchBefore: touchBefore.toISOString(),
    tokenHash: hashToken(request.token),
    now: now.toISOString(),
    idleSince: idleSince.toISOString(),
    widget: request.widget.key,
    only: request.only ? [...request.only] : null,
    afterValue: after ? (request.sort.kind === 'number' ? Number(after.v) : String(after.v)) : null,
    afterId: after ? after.i : null,
    from: request.from ? request.from.toISOString() : null,
    to: request.to ? request.to.toISOString() : null,
  };
  const query = listQueryOf(request);
  return { sql: query.sql, params: fillPlaceholders(query.params, { ...values }) };
}

/**
 * The kept texts of exactly these revisions of these alerts, by id. An alert whose row has changed since its
 * revision was read is absent: its revision is gone, and with it whatever the caller was allowed to see of it, so
 * nothing here needs the caller's tenancy again (the page statement checked it for these very revisions).
 */
export async function fetchListTexts(
  db: Db,
  wanted: readonly { id: number; rev: number }[],
): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  if (wanted.length === 0) return texts;
  const rows = await executePrepared<{ id: number | string; list_json: string }>(
    db,
    sql`select a.id, a.list_json from unnest(${sql.param(wanted.map((w) => w.id))}::bigint[],
      ${sql.param(wanted.map((w) => w.rev))}::bigint[]) as w(id, rev)
    join ${alerts} a on a.id = w.id and a.list_rev = w.rev`,
    'alerts_texts',
  );
  for (const row of rows) texts.set(Number(row.id), row.list_json);
  return texts;
}
