import { ERROR_CODES, type IngestAlert, type IngestAnswer, type WidgetKey } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AlertRow, alertRowColumns, alerts, facilities } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, HttpError } from '../../platform/errors.ts';
import { sweepAutoRespond } from '../settings/index.ts';
import type { PharmacyKeyCaller } from './api-keys.ts';
import { differs, type OwnedColumns, ownedColumns } from './row-values.ts';

const INSERT_CHUNK = 500;

const rowField = (index: number, field: string) => `alerts.${index}.${field}`;

/** 403 naming the row: the key's pharmacy may not write there. */
function notYours(index: number, field: string, message: string) {
  return new HttpError(403, ERROR_CODES.forbidden, `Row ${index}: ${message}`, {
    [rowField(index, field)]: message,
  });
}

/** Every check that needs the database, before the first write: the batch is refused whole or written whole. */
async function checkBatch(
  tx: Db,
  widget: WidgetKey,
  rows: readonly IngestAlert[],
  key: PharmacyKeyCaller,
): Promise<Map<string, AlertRow>> {
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const first = seen.get(row._internalUUID);
    if (first !== undefined) {
      const message = `_internalUUID repeats row ${first} of this batch`;
      throw badRequest(`Row ${index}: ${message}`, { [rowField(index, '_internalUUID')]: message });
    }
    seen.set(row._internalUUID, index);
  });
  const facIds = [...new Set(rows.map((r) => r.facID))];
  const owners = await tx
    .select({ facId: facilities.facId, pharmId: facilities.pharmId })
    .from(facilities)
    .where(sql`${facilities.facId} = any(${sql.param(facIds)}::int[])`);
  const pharmacyOf = new Map(owners.map((o) => [o.facId, o.pharmId]));
  rows.forEach((row, index) => {
    // An unknown facility gets the same answer as another pharmacy's, so a key learns nothing about other ids.
    if (pharmacyOf.get(row.facID) !== key.pharmId)
      throw notYours(index, 'facID', `facility ${row.facID} is not a facility of pharmacy ${key.pharmId}`);
  });
  const stored = await tx
    .select(alertRowColumns)
    .from(alerts)
    .where(sql`${alerts.uuid} = any(${sql.param([...seen.keys()])}::uuid[])`);
  const byUuid = new Map(stored.map((s) => [s.uuid, s]));
  rows.forEach((row, index) => {
    const existing = byUuid.get(row._internalUUID);
    if (!existing) return;
    if (existing.pharmId !== key.pharmId)
      throw notYours(index, '_internalUUID', 'this _internalUUID is an alert of another pharmacy');
    if (existing.widget !== widget) {
      const message = `this _internalUUID is an alert of widget ${existing.widget}`;
      throw conflict(`Row ${index}: ${message}`, { [rowField(index, '_internalUUID')]: message });
    }
  });
  return byUuid;
}

async function insertAlerts(
  tx: Db,
  rows: readonly (OwnedColumns & { uuid: string; readByFaci: boolean | null })[],
  now: Date,
) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await tx.insert(alerts).values(
      rows.slice(start, start + INSERT_CHUNK).map((row) => ({
        ...row,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
}

/**
 * Writes one validated batch in the caller's transaction: creates new `_internalUUID`s, updates those whose owned
 * columns differ (compared first, so a resent batch writes nothing), archives where asked; then lets the
 * facilities' auto-respond rules answer what arrived, and records the batch in the audit trail.
 *
 * Batches run one at a time, under the auto-respond sweep's advisory lock: a retried batch racing its first try
 * finds the first one's rows instead of failing on the unique uuid, and the sweep never answers an alert twice.
 */
export async function ingestBatch(
  tx: Db,
  widget: WidgetKey,
  rows: readonly IngestAlert[],
  key: PharmacyKeyCaller,
  context: { ip: string; now: Date },
): Promise<IngestAnswer> {
  const { now } = context;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'portal:auto-respond'}))`);
  const stored = await checkBatch(tx, widget, rows, key);
  const answer: IngestAnswer = { created: 0, updated: 0, archived: 0, unchanged: 0 };
  const creates: (OwnedColumns & { uuid: string; readByFaci: boolean | null })[] = [];
  for (const row of rows) {
    const existing = stored.get(row._internalUUID);
    const next = ownedColumns(widget, row, key.pharmId, existing, now);
    if (!existing) {
      creates.push({ ...next, uuid: row._internalUUID, readByFaci: row.readByFaci ?? false });
      continue;
    }
    if (!differs(next, existing)) {
      answer.unchanged += 1;
      continue;
    }
    await tx
      .update(alerts)
      .set({ ...next, updatedAt: now })
      .where(eq(alerts.id, existing.id));
    const wasArchived = existing.archivedAt !== null || existing.archiveId !== null;
    const isArchived = next.archivedAt !== null || next.archiveId !== null;
    if (isArchived && !wasArchived) answer.archived += 1;
    else answer.updated += 1;
  }
  await insertAlerts(tx, creates, now);
  answer.created = creates.length;
  if (creates.some((c) => c.archivedAt === null && c.archiveId === null)) await sweepAutoRespond(tx, now);
  await recordAudit(tx, {
    userId: null,
    actor: `API key ${key.name} (…${key.last4})`,
    kind: 'ingest.batch',
    recordType: widget,
    recordId: String(key.id),
    ip: context.ip,
    outcome: 'success',
    detail: { pharmID: key.pharmId, keyId: key.id, rows: rows.length, ...answer },
  });
  return answer;
}
