import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { alerts } from '../../db/schema/index.ts';

/** Inserts a live alert as the pharmacy system would raise it (facility 301 has no demo alerts of its own). */
export async function raiseAlert(
  db: Db,
  values: { widget: string; facId: number; dateCreated: Date; createdAt?: Date },
) {
  const [row] = await db
    .insert(alerts)
    .values({
      uuid: randomUUID(),
      rxGuid: randomUUID(),
      widget: values.widget,
      facId: values.facId,
      pharmId: 'ohio',
      rxNo: String(Math.floor(Math.random() * 9e7) + 1e7),
      patName: 'Testperson, Secret',
      drugLabelName: 'Confidentialdrug 5 mg tablet',
      dateCreated: values.dateCreated,
      createdAt: values.createdAt ?? new Date(),
      readByFaci: false,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** An admin's save of auto-respond None for a facility's highCost widget, written on `client` (its transaction). */
export const turnAutoRespondOff = (client: pg.PoolClient, facId: number) =>
  client.query(
    `update facility_settings set setting_value = '', updated_at = now()
     where fac_id = $1 and widget = 'highCost' and setting_name = 'AutoRespondAction'`,
    [facId],
  );
