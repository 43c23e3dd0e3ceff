import { z } from 'zod';
import type { UserType } from '../roles.ts';
import type { EntityRole } from './auth.ts';
import { int4IdText, queryInt } from './ids.ts';
import { storableDateTime } from './storable-dates.ts';

/** The pharmacy role that reads its pharmacies' audit trail (SuperAdmins read all of it). */
export const AUDIT_READER_ROLE = 'SysAdmin';

/** Page sizes of `GET /audit`. */
export const AUDIT_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/** Outcomes an audit event records. */
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * The kinds the product writes, for the screen's kind picker. A kind ending in "." filters by prefix
 * (`auth.` is every sign-in and sign-out). Not a closed list: the filter takes any kind.
 */
export const AUDIT_KINDS = [
  'auth.',
  'auth.login',
  'auth.loginWithToken',
  'auth.logout',
  'alert.',
  'alert.view',
  'alert.action',
  'alert.read',
  'facility.settings',
  'credentials.',
  'user.',
  'pharmacyUser.',
  'pharmacyKey.',
  'file.',
  'file.download',
  'release_note.',
  'version.',
  'tote.view',
  'ingest.batch',
  'audit.',
] as const;

/** Messages of the audit screen and call. */
export const AUDIT_MESSAGES = {
  fromAfterTo: 'From must not be after To',
  recordIdNeedsType: 'Give the record type with the record id',
  badCursor: 'Not a cursor from this list',
  badUserId: 'A user id is a whole number from 1 to 2147483647',
  badKind: 'A kind is letters, digits, "_" and "."',
  exportFailed: 'Could not export the audit trail',
  loadFailed: 'Could not load the audit trail',
  none: 'No audit events match these filters',
} as const;

/** Whether a user reads the audit trail at all (the menu entry and the screen show then). */
export function readsAudit(user: { userType: UserType; entityTypeAndRole: readonly EntityRole[] }): boolean {
  if (user.userType === 'SuperAdmin') return true;
  return (
    user.userType === 'PharmacyUser' &&
    user.entityTypeAndRole.some((entry) => 'pharid' in entry && entry.userRole === AUDIT_READER_ROLE)
  );
}

const isoInstant = storableDateTime('An ISO date-time such as 2026-11-02T15:00:00Z');
/** An empty field (a cleared form input) means no filter. */
const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * `GET /audit` query: every filter optional and combined with AND. `user` is a user id or an email (matched
 * against the actor, so failed sign-ins of unknown emails are found too). `kind` ending in "." is a prefix.
 * `cursor` is the `nextCursor` of the previous page (newest first, keyset on time then id).
 */
export const AuditQuerySchema = z
  .strictObject({
    user: optionalText(254).refine((v) => !v || !/^\d+$/.test(v) || int4IdText().safeParse(v).success, {
      message: AUDIT_MESSAGES.badUserId,
    }),
    userId: int4IdText().optional(),
    facId: int4IdText().optional(),
    recordType: optionalText(64),
    recordId: optionalText(128),
    kind: optionalText(64).refine((v) => !v || /^[A-Za-z0-9_.-]+$/.test(v), AUDIT_MESSAGES.badKind),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    cursor: z
      .string()
      .regex(/^\d{1,18}$/, AUDIT_MESSAGES.badCursor)
      .optional(),
    limit: queryInt(1, AUDIT_PAGE.maxLimit).default(AUDIT_PAGE.defaultLimit),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: AUDIT_MESSAGES.fromAfterTo,
    path: ['to'],
  })
  .refine((q) => !q.recordId || q.recordType, {
    message: AUDIT_MESSAGES.recordIdNeedsType,
    path: ['recordId'],
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
/** The filters as a form or URL holds them (before defaults). */
export type AuditFilters = z.input<typeof AuditQuerySchema>;

/** One audit event as the API answers it. */
export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  actor: z.string(),
  kind: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  facId: z.number().int().nullable(),
  facName: z.string().nullable(),
  ip: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/** Answer of `GET /audit`: one page, newest first; `nextCursor` is null on the last page. */
export const AuditPageSchema = z.object({
  events: z.array(AuditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** Columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'userId',
  'actor',
  'kind',
  'recordType',
  'recordId',
  'facId',
  'facName',
  'ip',
  'outcome',
  'detail',
] as const;
