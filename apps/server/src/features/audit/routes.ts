import {
  ApiErrorBodySchema,
  AuditPageSchema,
  type AuditQuery,
  AuditQuerySchema,
  ENDPOINTS,
  MESSAGES,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { forbidden } from '../../platform/errors.ts';
import { auditCsv } from './csv.ts';
import { auditConditions, auditScopeOf, eachAuditEvent, findAuditPage } from './queries.ts';

const refusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema };

const EXAMPLE = {
  events: [
    {
      id: 4812,
      at: '2026-11-02T14:58:11.204Z',
      userId: 7,
      actor: 'nurse@meadowbrook.test',
      kind: 'alert.view',
      recordType: 'highCost',
      recordId: '1042',
      facId: 101,
      facName: 'Meadowbrook Care Center',
      ip: '10.0.0.12',
      outcome: 'success' as const,
      detail: {},
    },
  ],
  nextCursor: '4812',
};

/** The filters as recorded with the read: only the ones given, never the page size or cursor. */
function filtersOf(q: AuditQuery): Record<string, unknown> {
  const { cursor: _cursor, limit: _limit, format: _format, ...filters } = q;
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}

/** `GET /audit`: the audit trail for pharmacy SysAdmins (their pharmacies' share) and SuperAdmins (all of it). */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  const audit = (request: FastifyRequest, kind: string, outcome: 'success' | 'denied', detail: object) => {
    const user = currentUser(request);
    return recordAudit(app.db, {
      userId: user.id,
      actor: user.email,
      kind,
      recordType: 'audit',
      ip: request.ip,
      outcome,
      detail: { ...detail },
    });
  };

  app.get(
    ENDPOINTS.audit,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags: ['audit'],
        summary: 'Audit events, newest first, filtered and paged by cursor; or all of them as CSV',
        description:
          'Pharmacy SysAdmins see the events at the facilities of the pharmacies where they are SysAdmin, and events ' +
          'at no facility (sign-ins, account and pharmacy-user changes, API keys) whose actor or subject user holds ' +
          'a role at one of those pharmacies or facilities. SuperAdmins see every event; anyone else gets 403 ' +
          '(recorded as a denied `audit.read`). Filters combine with AND: `user` (id or email), `userId`, `facId`, ' +
          '`recordType` + `recordId`, `kind` (exact, or a prefix ending in "." such as `auth.`), `from`/`to` ' +
          "(ISO, inclusive, from ≤ to). Pass the answer's `nextCursor` as `cursor` for the next page (`limit` " +
          '1-200, default 50). `format=csv` answers every matching event as a CSV attachment, streamed (the same ' +
          'filters; cursor and limit ignored). Each read is itself audited (`audit.read`, `audit.export`).',
        querystring: AuditQuerySchema,
        response: {
          200: AuditPageSchema.meta({ example: EXAMPLE }).describe(
            'JSON page; with format=csv a text/csv attachment with the columns of AUDIT_CSV_COLUMNS',
          ),
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const scope = await auditScopeOf(app.db, currentUser(request));
      const kind = query.format === 'csv' ? 'audit.export' : 'audit.read';
      if (!scope) {
        await audit(request, kind, 'denied', filtersOf(query));
        throw forbidden(MESSAGES.forbidden);
      }
      const conditions = auditConditions(app.db, scope, query);
      if (query.format === 'csv') {
        // Recorded before the rows stream: an export that fails half-way was still asked for.
        await audit(request, kind, 'success', filtersOf(query));
        const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
          .header('cache-control', 'no-store');
        // A stream skips the response serializer; the JSON schema above documents the page answer only.
        return reply.send(auditCsv(eachAuditEvent(app.db, conditions)) as never);
      }
      const page = await findAuditPage(app.db, conditions, query.cursor, query.limit);
      await audit(request, kind, 'success', {
        ...filtersOf(query),
        ...(query.cursor ? { cursor: query.cursor } : {}),
        count: page.events.length,
      });
      return page;
    },
  );
}
