import {
  AlertListQuerySchema,
  ApiErrorBodySchema,
  archiveRangeProblems,
  PagedAlertListSchema,
  unpagedAlertListSchema,
  WIDGETS,
  type Widget,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { visibleFacilityIds } from '../../platform/access.ts';
import { currentUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { decodeCursor } from './cursor.ts';
import { findAlertPage } from './queries.ts';
import { sortColumnsOf } from './sorting.ts';

const refusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema };
const DAY_MS = 86_400_000;

type ListQuery = z.infer<typeof AlertListQuerySchema>;

/** Checks what the schema alone cannot: the sort column, the cursor/page pair, and the archive range. */
function planPage(widget: Widget, query: ListQuery, now: Date) {
  const columns = sortColumnsOf(widget.key);
  const sortName = query.sort ?? widget.defaultSort;
  const sort = columns[sortName];
  if (!sort) {
    throw badRequest('Unknown sort column.', {
      sort: `Sort by one of: ${Object.keys(columns).sort().join(', ')}`,
    });
  }
  if (query.cursor && query.page)
    throw badRequest('Use cursor or page, not both.', { page: 'Not with cursor' });
  const isArchived = query.archived === 'true';
  if (!isArchived && (query.from || query.to)) {
    throw badRequest('From and To apply to the archive only.', { from: 'Only with archived=true' });
  }
  const problems = archiveRangeProblems(query.from, query.to, now.toISOString().slice(0, 10));
  if (Object.keys(problems).length > 0) throw badRequest('The date range is not valid.', problems);
  const sortOrder = query.sortOrder ?? 'asc';
  // On the archive, "ascending means newest first" (spec 1, section 9).
  const direction = isArchived ? (sortOrder === 'asc' ? 'desc' : 'asc') : sortOrder;
  const after = query.cursor
    ? decodeCursor(query.cursor, { s: sortName, o: sortOrder, a: isArchived })
    : null;
  return {
    sortName,
    sort,
    sortOrder,
    direction,
    isArchived,
    after,
    offset: ((query.page ?? 1) - 1) * query.limit,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  } as const;
}

/** Every widget's list call, registered from the catalogue (widgets.md, "API"). */
export async function alertListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const widget of WIDGETS) {
    const answer = widget.paged ? PagedAlertListSchema : unpagedAlertListSchema(widget.listKey);
    app.get(
      widget.listCall,
      {
        schema: {
          tags: ['alerts'],
          summary: `${widget.title}: alerts of the viewer's facilities`,
          description:
            "Keyset paging: pass the answer's `cursor` to get the next page (`page` also works, as an offset). " +
            '`facilityIds` narrows to some of your facilities. `archived=true` lists the archive, where `from`/`to` ' +
            '(YYYY-MM-DD, by alert date) narrow it and ascending means newest first.',
          querystring: AlertListQuerySchema,
          response: { 200: answer, ...refusals },
        },
      },
      async (request) => {
        const plan = planPage(widget, request.query, new Date());
        const facilityIds = await visibleFacilityIds(app.db, currentUser(request), request.query.facilityIds);
        const page = await findAlertPage(app.db, {
          widget,
          facilityIds,
          limit: request.query.limit,
          ...plan,
        });
        const pageNumber = request.query.page ?? 1;
        return {
          [widget.listKey]: page.alerts,
          cursor: page.cursor,
          count: page.count,
          nextPage: page.hasMore ? pageNumber + 1 : null,
          timeStamp: new Date().toISOString(),
        };
      },
    );
  }
}
