import {
  AlertListQuerySchema,
  ApiErrorBodySchema,
  archiveRangeProblems,
  MESSAGES,
  PagedAlertListSchema,
  unpagedAlertListSchema,
  WIDGETS,
  type Widget,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { assertActive, bearerToken, requireBearer, sessionPolicy } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import { mustEnrolMfa } from '../../platform/mfa-gate.ts';
import { touchSession } from '../../platform/sessions.ts';
import { dayIn, dayStart } from '../../platform/zone-days.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { fetchListTexts, type ListStatementUser, pageRows, runListStatement } from './list-statement.ts';
import { isChronological, sortColumnsOf } from './sorting.ts';
import { type FetchTexts, pageCache, pageKeyOf, wireCache, wirePageTexts } from './wire-cache.ts';

const refusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema };

type ListQuery = z.infer<typeof AlertListQuerySchema>;

/** Checks what the schema alone cannot: the sort column, the cursor/page pair, and the archive range. */
function planPage(widget: Widget, query: ListQuery, now: Date) {
  const columns = sortColumnsOf(widget.key);
  const sortName = query.sort ?? widget.defaultSort;
  // Own keys only: a sort named after one of Object's members ('toString') is an unknown column, not a built-in.
  const sort = Object.hasOwn(columns, sortName) ? columns[sortName] : undefined;
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
  // The days are the caller's own when it names its time zone (the web app does), else UTC days.
  const zone = query.tz ?? 'UTC';
  // Today in the zone only when there is a range to check (it cost ~2% of a list call's CPU under load).
  if (query.from || query.to) {
    const problems = archiveRangeProblems(query.from, query.to, dayIn(now, zone));
    if (Object.keys(problems).length > 0) throw badRequest('The date range is not valid.', problems);
  }
  const sortOrder = query.sortOrder ?? 'asc';
  // On the archive, "ascending means newest first" (spec 1, section 9): by a date column. A name or an amount
  // sorts as asked, as the column's arrow says.
  const flipped = sortOrder === 'asc' ? 'desc' : 'asc';
  const direction = isArchived && isChronological(sort) ? flipped : sortOrder;
  const after = query.cursor
    ? decodeCursor(query.cursor, { s: sortName, o: sortOrder, a: isArchived, kind: sort.kind })
    : null;
  return {
    sortName,
    sort,
    sortOrder,
    direction,
    isArchived,
    after,
    offset: ((query.page ?? 1) - 1) * query.limit,
    from: query.from ? dayStart(query.from, zone) : undefined,
    to: query.to ? dayStart(query.to, zone, 1) : undefined,
  } as const;
}

/** Every widget's list call, registered from the catalogue (widgets.md, "API"). */
export async function alertListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const policy = sessionPolicy(app);
  for (const widget of WIDGETS) {
    const answer = widget.paged ? PagedAlertListSchema : unpagedAlertListSchema(widget.listKey);
    app.get(
      widget.listCall,
      {
        // The list statement resolves the session itself (list-statement.ts): no separate session query. Without
        // a token the answer is a 401 before the query is validated.
        config: { sessionInStatement: true },
        onRequest: requireBearer,
        compress: LIST_COMPRESSION,
        schema: {
          tags: ['alerts'],
          summary: `${widget.title}: alerts of the viewer's facilities`,
          description:
            "Keyset paging: pass the answer's `cursor` to get the next page (`page` also works, as an offset). " +
            '`facilityIds` narrows to some of your facilities. `archived=true` lists the archive, where `from`/`to` ' +
            '(YYYY-MM-DD, by alert date, calendar days in `tz`, an IANA time zone, UTC without it) narrow it, and ' +
            'ascending by a date column means newest first.',
          querystring: AlertListQuerySchema,
          response: { 200: answer, ...refusals },
        },
      },
      async (request, reply) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized(MESSAGES.notSignedIn);
        const now = new Date();
        // A refused query goes to a caller with a valid session only (refuseInputAfterSession, in index.ts).
        const plan = planPage(widget, request.query, now);
        const ask = (withText: boolean) =>
          runListStatement(app.db, {
            token,
            policy,
            now,
            widget,
            only: request.query.facilityIds,
            limit: request.query.limit,
            withText,
            ...plan,
          });
        // The same refusals, in the same order, as requireActiveUser after the auth hook.
        const admit = async (user: ListStatementUser | null) => {
          if (!user) throw unauthorized(MESSAGES.notSignedIn);
          const { stale, ...authUser } = user;
          // Only when MFA_REQUIRED_FOR_ADMINS is on does this cost a query; the statement stays as it is.
          request.user = {
            ...authUser,
            mustEnrolMfa: await mustEnrolMfa(app.db, user.id, app.config.mfaRequiredForAdmins),
          };
          assertActive(request.user);
        };
        // The page names each row by id and revision; a page answered before comes whole from the page cache, else
        // each row's text from the wire cache, or by revision.
        let found = await ask(false);
        await admit(found.user);
        if (found.user?.stale) await touchSession(app.db, found.user.sessionId, now);
        const fetchTexts: FetchTexts = (wanted) => fetchListTexts(app.db, wanted);
        const key = pageKeyOf(widget, found.page);
        let list = pageCache.get(key);
        if (!list) {
          const texts = await wirePageTexts(wireCache, widget, pageRows(found.page, false), fetchTexts);
          if (texts) {
            list = Buffer.from(texts.join(','));
            pageCache.set(key, list);
          } else {
            // An alert changed between the page and its text: read the page again, with its texts, in one statement.
            // That page is not kept: its name is not the short one the next call's statement answers.
            found = await ask(true);
            await admit(found.user);
            const again = await wirePageTexts(wireCache, widget, pageRows(found.page, true), fetchTexts);
            if (!again) throw new Error('the list statement answered a row without its text');
            list = Buffer.from(again.join(','));
          }
        }
        const hasMore = found.read > request.query.limit;
        const last = hasMore ? found.last : null;
        // The page this answer is: the one its cursor opens, else the page asked for. A cursor of an earlier
        // build carries no page number; its next page is then told as the second, as before.
        const pageNumber = plan.after ? (plan.after.p ?? 1) : (request.query.page ?? 1);
        const cursor = last
          ? encodeCursor({
              s: plan.sortName,
              o: plan.sortOrder,
              a: plan.isArchived,
              u: last.unread,
              v: last.sortValue,
              i: last.id,
              p: pageNumber + 1,
            })
          : null;
        // Written here, not by the zod serializer, and by concatenation: each alert's wire JSON comes from the
        // revision-keyed wire cache (wire-cache.ts) or is made once by toWireAlert and JSON.stringify, so the
        // bytes and key order are exactly those of JSON.stringify over the answer object (list-statement.test.ts
        // holds it to that, cold and warm; list-routes.test.ts parses every answer with the domain schema).
        // The page's alerts come as the page cache's bytes; Fastify sends a Buffer with a JSON content type as it is
        // (the cast: the typed reply only knows the schema's object).
        const payload = Buffer.concat([
          Buffer.from(`{${JSON.stringify(widget.listKey)}:[`),
          list,
          Buffer.from(
            `],"cursor":${JSON.stringify(cursor)},"count":${JSON.stringify(found.count)},` +
              `"nextPage":${JSON.stringify(hasMore ? pageNumber + 1 : null)},` +
              `"timeStamp":${JSON.stringify(new Date().toISOString())}}`,
          ),
        ]);
        return reply.type('application/json; charset=utf-8').send(payload as never);
      },
    );
  }
}
