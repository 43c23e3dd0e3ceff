import type { Db } from '../client.ts';
import { packingSlipItems, packingSlips } from '../schema/index.ts';
import type { FacilityRef } from './alert-factory.ts';
import { type InsertMode, insertRows } from './bulk-insert.ts';
import {
  COMMON_DRUGS,
  FACILITY_STAFF,
  makePatient,
  NARCOTIC_DRUGS,
  NURSING_STATIONS,
  PUMP_DRUGS,
} from './catalog.ts';
import { daysBefore, type Random } from './random.ts';
import { signaturePng } from './signature-png.ts';

type SlipRow = typeof packingSlips.$inferInsert;
type ItemRow = Omit<typeof packingSlipItems.$inferInsert, 'slipId'>;

/** A packing slip and the prescriptions in its tote. */
export interface Tote {
  readonly slip: SlipRow;
  readonly items: readonly ItemRow[];
}

const LEGAL_HEADER =
  'Caution: Federal law prohibits the transfer of this drug to any person other than the patient for whom it was prescribed.';
const DRIVERS = ['Luis Ortega', 'Hannah Price', 'DeShawn Carter', 'Olga Petrova'];
const PHARMACISTS = ['P. Raman, RPh', 'J. Feld, RPh', 'A. Nguyen, PharmD'];
const MESSAGES = [
  '',
  '',
  'Refrigerate',
  'New strength: discard old supply',
  'Keep in narcotic count',
  'Do not crush',
];

/**
 * Totes for the last `days` days: `perDay` slips a day, one per nursing station in turn, each with a few
 * prescriptions. Slips shipped before today mostly carry delivery info, about half with a signature.
 */
export function buildTotes(
  rng: Random,
  facility: FacilityRef,
  now: Date,
  days: number,
  perDay: number,
): Tote[] {
  const totes: Tote[] = [];
  for (let day = 0; day < days; day++) {
    for (let n = 0; n < perDay; n++) {
      const station = NURSING_STATIONS[n % NURSING_STATIONS.length] ?? NURSING_STATIONS[0];
      const shipDate = daysBefore(now, day + 0.1 + n * 0.05);
      const delivered = day > 0 && rng.chance(0.8);
      const signed = delivered && rng.chance(0.6);
      const stamp = shipDate.toISOString().slice(0, 10).replaceAll('-', '');
      totes.push({
        slip: {
          facId: facility.facId,
          toteId: `T${facility.facId}-${stamp}-${String(day * perDay + n + 1).padStart(3, '0')}`,
          nsId: station.id,
          nsName: station.name,
          shipDate,
          deliveryRoute: `Route ${rng.int(1, 9)}`,
          legalHeader: LEGAL_HEADER,
          showDeliveryInfo: delivered,
          deliveredBy: delivered ? rng.pick(DRIVERS) : null,
          receivedBy: signed ? rng.pick(FACILITY_STAFF).split(',')[0] : null,
          receivedAt: signed ? new Date(shipDate.getTime() + rng.int(60, 240) * 60_000) : null,
          signorTitle: signed ? rng.pick(['RN', 'LPN', 'DON', 'Unit Manager']) : null,
          signature: signed ? signaturePng(rng) : null,
        },
        items: Array.from({ length: rng.int(3, 7) }, () => buildItem(rng, station.id)),
      });
    }
  }
  return totes;
}

function buildItem(rng: Random, nsid: string): ItemRow {
  const kind = rng.next();
  const drug = rng.pick(kind < 0.1 ? PUMP_DRUGS : kind < 0.25 ? NARCOTIC_DRUGS : COMMON_DRUGS);
  const patient = makePatient(rng);
  return {
    patId: patient.patId,
    patName: patient.patName,
    room: nsid === patient.nsid ? patient.room : String(Number(nsid.slice(2)) * 100 + rng.int(1, 40)),
    bed: patient.bed,
    rxNo: String(rng.int(3_000_000, 3_999_999)),
    roNo: String(rng.int(1, 11)),
    deaClass: drug.deaClass,
    qty: String(drug.qty),
    drugLabelName: drug.label,
    phName: rng.pick(PHARMACISTS),
    delivered: rng.chance(0.9),
    newRx: rng.chance(0.3),
    serialNo: PUMP_DRUGS.includes(drug) ? `CADD-${rng.digits(7)}` : '',
    packSlipMsg: rng.pick(MESSAGES),
  };
}

/** Inserts slips and then their items with the slip ids the database gave. */
export async function insertTotes(
  db: Db,
  totes: readonly Tote[],
  mode: InsertMode = 'recordset',
): Promise<number> {
  const ids = await insertRows(
    db,
    packingSlips,
    totes.map((t) => t.slip),
    ['id', 'fac_id', 'tote_id'],
    mode,
  );
  const idOf = new Map(ids.map((r) => [`${r.fac_id}/${r.tote_id}`, Number(r.id)]));
  const items = totes.flatMap((t) =>
    t.items.map((item) => ({ ...item, slipId: idOf.get(`${t.slip.facId}/${t.slip.toteId}`) ?? 0 })),
  );
  await insertRows(db, packingSlipItems, items, ['id'], mode);
  return totes.length + items.length;
}
