import type { PackingSlip, PackingSlipHeader, PatientDetail } from '@portal/domain';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facilities, packingSlipItems, packingSlips, pharmacies } from '../../db/schema/index.ts';

/** Most rows one headers call answers; a range or search wider than this shows the newest. */
export const HEADERS_LIMIT = 2000;

/** The packing slip id people search by ('PAK...'), from the slip's row id. */
export const psidOf = (id: number) => `PAK${String(id).padStart(7, '0')}`;

/** Which totes to list: shipped in [from, to) or matching a search over tote and packing slip ids. */
export type HeadersFilter = { from: Date; to: Date } | { search: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Tote headers of the given facilities (already narrowed to what the viewer may see), newest first, at most
 * HEADERS_LIMIT of them; and how many match in all.
 */
export async function findToteHeaders(
  db: Db,
  facIds: readonly number[],
  filter: HeadersFilter,
): Promise<{ headers: PackingSlipHeader[]; count: number }> {
  if (facIds.length === 0) return { headers: [], count: 0 };
  const psid = sql<string>`'PAK' || lpad(${packingSlips.id}::text, 7, '0')`;
  const match =
    'search' in filter
      ? or(
          ilike(packingSlips.toteId, `%${escapeLike(filter.search)}%`),
          ilike(psid, `%${escapeLike(filter.search)}%`),
        )
      : and(gte(packingSlips.shipDate, filter.from), lt(packingSlips.shipDate, filter.to));
  const rows = await db
    .select({
      id: packingSlips.id,
      facID: packingSlips.facId,
      facName: facilities.name,
      pharmID: facilities.pharmId,
      nsName: packingSlips.nsName,
      nsID: packingSlips.nsId,
      toteID: packingSlips.toteId,
      shipDate: packingSlips.shipDate,
      patCount: sql<number>`count(distinct ${packingSlipItems.patId})::int`,
      rxCount: sql<number>`count(${packingSlipItems.id})::int`,
      // Counted after grouping and before the limit: every tote matching, not only those listed.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(packingSlips)
    .innerJoin(facilities, eq(facilities.facId, packingSlips.facId))
    .leftJoin(packingSlipItems, eq(packingSlipItems.slipId, packingSlips.id))
    .where(and(inArray(packingSlips.facId, [...facIds]), match))
    .groupBy(packingSlips.id, facilities.facId)
    .orderBy(desc(packingSlips.shipDate))
    .limit(HEADERS_LIMIT);
  const headers = rows.map(({ id, shipDate, total: _total, ...row }) => ({
    ...row,
    shipDate: new Date(shipDate).toISOString(),
    psid: psidOf(id),
  }));
  return { headers, count: rows[0]?.total ?? 0 };
}

/** The slip of one tote with its facility's and pharmacy's addresses and its patients; null when none. */
export async function findSlip(
  db: Db,
  facId: number,
  toteId: string,
): Promise<Omit<PackingSlip, 'auth'> | null> {
  const [slip] = await db
    .select({
      slip: packingSlips,
      facility: facilities,
      pharmacy: pharmacies,
    })
    .from(packingSlips)
    .innerJoin(facilities, eq(facilities.facId, packingSlips.facId))
    .innerJoin(pharmacies, eq(pharmacies.pharmId, facilities.pharmId))
    .where(and(eq(packingSlips.facId, facId), eq(packingSlips.toteId, toteId)));
  if (!slip) return null;
  const items = await db
    .select()
    .from(packingSlipItems)
    .where(eq(packingSlipItems.slipId, slip.slip.id))
    .orderBy(asc(packingSlipItems.patName), asc(packingSlipItems.id));
  const { slip: s, facility: f, pharmacy: p } = slip;
  return {
    facID: f.facId,
    facName: f.name,
    toteID: s.toteId,
    nsName: s.nsName,
    psid: psidOf(s.id),
    shipDate: new Date(s.shipDate).toISOString(),
    facStreet1: f.street1,
    facCity: f.city,
    facState: f.state,
    facZip: f.zip,
    deliveryRoute: s.deliveryRoute,
    pharmName: p.name,
    pharmStreet1: p.street1,
    pharmCity: p.city,
    pharmState: p.state,
    pharmZip: p.zip,
    pharmPhone: p.phone,
    legalHeader: s.legalHeader,
    showDeliveryInfo: s.showDeliveryInfo,
    deliveredBy: s.showDeliveryInfo ? s.deliveredBy : null,
    receivedBy: s.showDeliveryInfo ? s.receivedBy : null,
    receivedDateTime: s.showDeliveryInfo && s.receivedAt ? new Date(s.receivedAt).toISOString() : null,
    signorTitle: s.showDeliveryInfo ? s.signorTitle : null,
    signature: s.showDeliveryInfo ? s.signature : null,
    patientDetails: groupByPatient(items),
  };
}

function groupByPatient(items: (typeof packingSlipItems.$inferSelect)[]): PatientDetail[] {
  const byPatient = new Map<string, PatientDetail>();
  for (const item of items) {
    let patient = byPatient.get(item.patId);
    if (!patient) {
      patient = { patName: item.patName, patID: item.patId, room: item.room, bed: item.bed, drugDetails: [] };
      byPatient.set(item.patId, patient);
    }
    patient.drugDetails.push({
      rxNo: item.rxNo,
      roNo: item.roNo,
      deaClass: item.deaClass,
      qty: item.qty,
      drugLabelName: item.drugLabelName,
      phName: item.phName,
      delivered: item.delivered,
      newRx: item.newRx,
      serialNo: item.serialNo,
      packSlipMsg: item.packSlipMsg,
    });
  }
  return [...byPatient.values()];
}
