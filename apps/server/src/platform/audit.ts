import type { Db } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

/** One audit event; write it in the same transaction as the change it records. */
export interface AuditEntry {
  userId: number | null;
  actor: string;
  kind: string;
  recordType?: string;
  recordId?: string;
  facId?: number | null;
  ip: string;
  outcome: 'success' | 'failure' | 'denied';
  detail?: Record<string, unknown>;
}

/** Appends an audit event. Never put secrets or patient data in `detail`. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    userId: entry.userId,
    actor: entry.actor,
    kind: entry.kind,
    recordType: entry.recordType ?? '',
    recordId: entry.recordId ?? '',
    facId: entry.facId ?? null,
    ip: entry.ip,
    outcome: entry.outcome,
    detail: entry.detail ?? {},
  });
}
