import type { WidgetKey } from '@portal/domain';
import type { Db } from '@portal/server/src/db/client.ts';
import { alerts } from '@portal/server/src/db/schema/index.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/** Where the previous page ended: the sort value and id of its last row. */
export interface AlertCursor {
  readonly dateCreated: Date;
  readonly id: number;
}

/** One page request of a widget's live list. */
export interface AlertPageRequest {
  readonly widget: WidgetKey;
  /** The facilities the user may see (tenancy), already narrowed by any facilityIds filter. */
  readonly facIds: readonly number[];
  readonly after: AlertCursor | null;
  readonly limit: number;
}

/** What a list row needs; both paging styles select the same, so their costs compare like for like. */
const LIST_COLUMNS = {
  id: alerts.id,
  rxNo: alerts.rxNo,
  facId: alerts.facId,
  patName: alerts.patName,
  drugLabelName: alerts.drugLabelName,
  ttlPrice: alerts.ttlPrice,
  dateCreated: alerts.dateCreated,
  readByFaci: alerts.readByFaci,
  srxStatus: alerts.srxStatus,
  details: alerts.details,
};

/**
 * The live list's hot path, keyset-paged on (date_created, id): the shape the alerts feature should copy.
 * - `not is_archived` is written exactly as the partial indexes' predicate, so the planner can use them.
 * - The row comparison `(date_created, id) > (...)` is one index condition, so page 500 starts where page 499
 *   ended instead of counting past 49,900 rows; id breaks ties between alerts raised in the same millisecond.
 */
export function alertPageQuery(db: Db, request: AlertPageRequest) {
  const { after } = request;
  return db
    .select(LIST_COLUMNS)
    .from(alerts)
    .where(
      and(
        eq(alerts.widget, request.widget),
        sql`not ${alerts.isArchived}`,
        inArray(alerts.facId, [...request.facIds]),
        after
          ? sql`(${alerts.dateCreated}, ${alerts.id}) > (${after.dateCreated.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(alerts.dateCreated), asc(alerts.id))
    .limit(request.limit);
}

/** The same page by OFFSET: the baseline that keyset paging is measured against. */
export function alertOffsetPageQuery(db: Db, request: Omit<AlertPageRequest, 'after'>, page: number) {
  return db
    .select(LIST_COLUMNS)
    .from(alerts)
    .where(
      and(
        eq(alerts.widget, request.widget),
        sql`not ${alerts.isArchived}`,
        inArray(alerts.facId, [...request.facIds]),
      ),
    )
    .orderBy(asc(alerts.dateCreated), asc(alerts.id))
    .limit(request.limit)
    .offset((page - 1) * request.limit);
}
