import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { hoursBefore } from '../../platform/hours.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { UPLOAD_PREFIX } from './upload.ts';

/**
 * How long an upload may wait to be registered into a folder. `POST /upload` then `POST /files/{id}` normally
 * follow each other within seconds; bytes nobody registered (a closed tab, a failed second call) are a resident's
 * document that no folder, permission or recycling bin covers, so they go after a day.
 */
export const UNREGISTERED_UPLOAD_HOURS = 24;

/**
 * Deletes the uploads older than UNREGISTERED_UPLOAD_HOURS that no file row (live or in the recycling bin) names,
 * each under the registration's own per-key lock so an upload registered at that moment is kept, and each
 * recorded in the audit trail. Answers how many went. Leftovers of writes cut short by a crash go too.
 */
export async function sweepUnregisteredUploads(tx: Db, storage: FileStorage, now: Date): Promise<number> {
  const cutoff = hoursBefore(now, UNREGISTERED_UPLOAD_HOURS).getTime();
  const old = (await storage.list(UPLOAD_PREFIX)).filter((u) => u.modifiedAt.getTime() < cutoff);
  if (old.length === 0) return 0;
  let removed = 0;
  for (const { key } of old) {
    // The lock POST /files/{id} takes before it claims an upload: one of the two sees the other's outcome.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [used] = await tx
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.storageKey, [key]));
    if (used) continue;
    await storage.delete(key);
    const [, owner, name] = /^uploads\/u(\d+)\/(.+)$/.exec(key) ?? [];
    await recordAudit(tx, {
      userId: owner ? Number(owner) : null,
      actor: 'unregistered upload sweep',
      kind: 'file.upload_expired',
      recordType: 'upload',
      recordId: name ?? key,
      ip: '',
      outcome: 'success',
      detail: { hours: UNREGISTERED_UPLOAD_HOURS },
    });
    removed += 1;
  }
  return removed;
}
