import {
  ApiErrorBodySchema,
  ENDPOINTS,
  PackingSlipDetailsAnswerSchema,
  PackingSlipDetailsQuerySchema,
  PackingSlipHeadersAnswerSchema,
  type PackingSlipHeadersQuery,
  PackingSlipHeadersQuerySchema,
  PackingSlipOpenAnswerSchema,
  PackingSlipOpenQuerySchema,
  SLIP_LINK_DAYS,
  TOTES_DEFAULT_RANGE_DAYS,
  totesRangeProblems,
  usDateToIso,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { visibleFacilityIds } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { hoursAfter } from '../../platform/hours.ts';
import { dayIn, dayStart } from '../../platform/zone-days.ts';
import { findSlip, findToteHeaders, type HeadersFilter } from './queries.ts';
import { isSlipToken, slipToken } from './slip-token.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};
const DAY_MS = 86_400_000;
// Ship dates are compared as UTC days. "The future" starts after the latest date anywhere on Earth (UTC+14), so a
// reader east of UTC may pick their own today.
const latestToday = (now: Date) => hoursAfter(now, 14).toISOString().slice(0, 10);
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The totes to list: the search when given, else the range (either end open), else the last 2 days. */
function headersFilter(query: PackingSlipHeadersQuery, now: Date): HeadersFilter {
  if (query.SearchText) return { search: query.SearchText };
  // With the caller's time zone the days are its own, and so is today; without it, UTC days (above).
  const zone = query.tz;
  const today = zone ? dayIn(now, zone) : latestToday(now);
  const problems = totesRangeProblems(query.fdate, query.edate, today);
  if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems)[0] ?? '', problems);
  const from = query.fdate ? usDateToIso(query.fdate) : null;
  const to = query.edate ? usDateToIso(query.edate) : null;
  const startOf = (day: string) => (zone ? dayStart(day, zone) : utcDay(day));
  const end = zone ? dayStart(to ?? today, zone, 1) : new Date(utcDay(to ?? today).getTime() + DAY_MS);
  if (from) return { from: startOf(from), to: end };
  const start = to
    ? end.getTime() - TOTES_DEFAULT_RANGE_DAYS * DAY_MS
    : now.getTime() - TOTES_DEFAULT_RANGE_DAYS * DAY_MS;
  return { from: new Date(start), to: end };
}

/** Totes and packing slips (spec 2, "Totes page"), and the public slip behind its signed link. */
export async function totesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    ENDPOINTS.packingSlipHeaders,
    {
      onRequest: requireActiveUser,
      // A range of days over every visible facility runs long; no token in it. The slip details next door carry
      // their public link's token, so they stay uncompressed (platform/compression.ts).
      compress: LIST_COMPRESSION,
      schema: {
        tags: ['totes'],
        summary: 'Totes of the facilities the viewer may see, by ship date range or search',
        description:
          'fdate and edate are US dates (MM/DD/YYYY or unpadded M/D/YYYY, both inclusive), calendar days in tz (an IANA time zone; ' +
          'UTC days without it); without them the last 2 days. ' +
          'SearchText matches tote ids and packing slip ids (PAK...) instead of a range. Future dates and From ' +
          'after To are refused with 400.',
        querystring: PackingSlipHeadersQuerySchema,
        response: { 200: PackingSlipHeadersAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const filter = headersFilter(request.query, new Date());
      const facIds = await visibleFacilityIds(app.db, currentUser(request));
      const { headers, count } = await findToteHeaders(app.db, facIds, filter);
      return { packingSlipHeadersList: headers, count };
    },
  );

  app.get(
    ENDPOINTS.packingSlipDetails,
    {
      onRequest: requireActiveUser,
      schema: {
        tags: ['totes'],
        summary: "One tote's packing slips, each with the token of its public link (404 when not visible)",
        description: `The token (\`auth\`) is made afresh on each call and opens the public link for ${SLIP_LINK_DAYS} days.`,
        querystring: PackingSlipDetailsQuerySchema,
        response: { 200: PackingSlipDetailsAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const { facID, toteID } = request.query;
      const [visible] = await visibleFacilityIds(app.db, currentUser(request), [facID]);
      const slip = visible === undefined ? null : await findSlip(app.db, facID, toteID);
      if (!slip) throw notFound('No such tote.');
      // A slip names patients and their drugs: reading one is recorded like reading an alert's detail.
      const user = currentUser(request);
      await recordAudit(app.db, {
        userId: user.id,
        actor: user.email,
        kind: 'tote.view',
        recordType: 'tote',
        recordId: toteID,
        facId: facID,
        ip: request.ip,
        outcome: 'success',
      });
      return { data: [{ ...slip, auth: slipToken(app.secretKey, facID, toteID, new Date()) }] };
    },
  );

  app.get(
    ENDPOINTS.packingSlipDetailsOpen,
    {
      // Public and keyed by a token: limited per address so tokens cannot be guessed by volume.
      preHandler: app.rateLimit({ max: 30, timeWindow: '1 minute' }),
      schema: {
        tags: ['totes'],
        summary: 'A packing slip behind its public link, without signing in',
        description:
          'auth is the token given in the slip answer of /packingslipdetails: `{expires}.{mac}`, its expiry in Unix ' +
          `seconds (${SLIP_LINK_DAYS} days after it was made) and HMAC-SHA256 (server secret key) over the facility, ` +
          'the tote and that expiry. A missing, wrong, altered or expired token answers the same 404 with no data, ' +
          'recorded in the audit trail (without the token) as a failed tote.view of the facility and tote asked for. ' +
          'At most 30 calls a minute per address (429).',
        security: [],
        querystring: PackingSlipOpenQuerySchema,
        response: { 200: PackingSlipOpenAnswerSchema, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const { facID, toteID, auth } = request.query;
      // The facility and tote the link names, refused or not: a refusal is recorded at them (so the facility's
      // pharmacy sees links tried on its totes), never with the token, and with one reason for a wrong, altered or
      // expired token and a tote gone alike, as the answer is one 404 for them all.
      const event = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        recordAudit(app.db, {
          userId: null,
          actor: 'signed slip link',
          kind: 'tote.view',
          recordType: 'tote',
          recordId: toteID,
          facId: facID,
          ip: request.ip,
          outcome,
          detail: { via: 'packingslipdetailsopen', ...detail },
        });
      const slip = isSlipToken(app.secretKey, facID, toteID, auth, new Date())
        ? await findSlip(app.db, facID, toteID)
        : null;
      if (!slip) {
        await event('failure', { reason: 'invalidLink' });
        throw notFound('No such tote.');
      }
      await event('success', {});
      return { slips: [{ ...slip, auth }] };
    },
  );
}
