import { WIDGETS } from '@portal/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { facilities, facilityPermissions } from '../schema/index.ts';
import { buildAlert, type FacilityRef } from './alert-factory.ts';
import { type AlertWithActions, type InsertMode, insertAlerts } from './bulk-insert.ts';
import { FACILITY_STAFF } from './catalog.ts';
import { rxNumber } from './demo-alerts.ts';
import { buildDiscussion, type DiscussionKind } from './discussions.ts';
import { DEMO_PHARMACIES, scaleFacilityPermissionKeys } from './organisations.ts';
import { createRandom, daysBefore, type Random } from './random.ts';
import { buildTotes, insertTotes, type Tote } from './totes.ts';

/** Generated facilities start here, far from the demo's ids. */
export const SCALE_FIRST_FAC_ID = 10_001;
/** About this many alerts per generated facility, spread over the eleven widgets. */
export const ALERTS_PER_FACILITY = 1000;
// Facilities written per transaction: big enough to amortise the commit, small enough to show progress.
const FACILITIES_PER_TRANSACTION = 10;

const PLACES = [
  'Willow Creek',
  'Cedar Ridge',
  'Maple Grove',
  'Riverbend',
  'Harborview',
  'Oak Hollow',
  'Pine Valley',
];
const KINDS = ['Rehabilitation Center', 'Nursing Home', 'Senior Living', 'Care Center', 'Health Campus'];
const PHARMACY_VOICES = ['Pharmacy team', 'Dispensing pharmacist', 'Billing desk'];

/** One generated facility and everything that belongs to it, ready to insert. */
export interface ScaleFacility {
  readonly facility: FacilityRef & {
    readonly state: string;
    readonly street1: string;
    readonly city: string;
    readonly zip: string;
  };
  readonly alerts: AlertWithActions[];
  readonly totes: Tote[];
}

/**
 * Builds facility `facId` of the scale seed. Pure and seeded by the id alone (the clock only shifts dates), so a
 * given N always makes the same facilities, alerts and rx numbers.
 */
export function buildScaleFacility(facId: number, now: Date): ScaleFacility {
  const rng = createRandom(facId * 7919);
  const pharmacy = DEMO_PHARMACIES[facId % DEMO_PHARMACIES.length] ?? DEMO_PHARMACIES[0];
  const facility = {
    facId,
    name: `${rng.pick(PLACES)} ${rng.pick(KINDS)} ${facId}`,
    pharmId: pharmacy.pharmId,
    state: pharmacy.state,
    street1: `${rng.int(10, 9999)} ${rng.pick(['Main', 'Church', 'Park', 'Lake'])} Street`,
    city: pharmacy.city,
    zip: pharmacy.zip,
  };
  const alerts = WIDGETS.flatMap((widget, w) => {
    // Spread the remainder over the first widgets so the total is exactly ALERTS_PER_FACILITY.
    const count =
      Math.floor(ALERTS_PER_FACILITY / WIDGETS.length) + (w < ALERTS_PER_FACILITY % WIDGETS.length ? 1 : 0);
    return Array.from({ length: count }, (_, i) =>
      scaleAlert(rng, facility, widget.key, widget.id, i + 1, now),
    );
  });
  return { facility, alerts, totes: buildTotes(rng, facility, now, 7, 2) };
}

function scaleAlert(
  rng: Random,
  facility: FacilityRef,
  widget: (typeof WIDGETS)[number]['key'],
  widgetId: number,
  seq: number,
  now: Date,
): AlertWithActions {
  const isArchived = rng.chance(0.1);
  const archivedAt = isArchived ? daysBefore(now, rng.next() * 60) : null;
  const dateCreated = daysBefore(archivedAt ?? now, 0.05 + rng.next() * (isArchived ? 10 : 45));
  const roll = rng.next();
  const kind: DiscussionKind =
    roll < 0.05 ? 'unreadReply' : roll < 0.12 ? 'answered' : roll < 0.18 ? 'asked' : 'none';
  const facilityActor = { name: rng.pick(FACILITY_STAFF), userId: null };
  const pharmacyActor = { name: rng.pick(PHARMACY_VOICES), userId: null };
  const discussion = buildDiscussion(rng, widget, kind, dateCreated, facilityActor, pharmacyActor, now);
  const read = rng.next();
  const rxNo = rxNumber(facility.facId, widgetId, seq);
  const alert = buildAlert(rng, facility, {
    widget,
    rxNo,
    dateCreated,
    readByFaci: kind === 'unreadReply' || read < 0.45 ? false : read < 0.85 ? true : null,
    archive: archivedAt ? { at: archivedAt, id: Number(rxNo) } : null,
    srxStatus: discussion.srxStatus,
  });
  return { alert, actions: discussion.actions };
}

/** Progress of a scale run. */
export interface ScaleProgress {
  readonly facilitiesDone: number;
  readonly facilitiesTotal: number;
  readonly alerts: number;
  readonly rows: number;
}

/** Options of a scale run. */
export interface ScaleOptions {
  readonly facilities: number;
  readonly now?: Date;
  readonly onProgress?: (progress: ScaleProgress) => void;
  /** How rows are sent; only the benchmark chooses anything but the default. */
  readonly mode?: InsertMode;
}

/**
 * Adds N generated facilities (ids from 10001) with their alerts, discussions and totes. Facilities already there
 * are skipped: each is written in the same transaction as its alerts, so one that exists is complete.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleProgress> {
  const now = options.now ?? new Date();
  const wanted = Array.from({ length: options.facilities }, (_, i) => SCALE_FIRST_FAC_ID + i);
  const existing = wanted.length
    ? new Set(
        (
          await db
            .select({ facId: facilities.facId })
            .from(facilities)
            .where(inArray(facilities.facId, wanted))
        ).map((r) => r.facId),
      )
    : new Set<number>();
  const missing = wanted.filter((id) => !existing.has(id));
  const permissionKeys = scaleFacilityPermissionKeys();
  let progress: ScaleProgress = { facilitiesDone: 0, facilitiesTotal: missing.length, alerts: 0, rows: 0 };
  for (let i = 0; i < missing.length; i += FACILITIES_PER_TRANSACTION) {
    const built = missing.slice(i, i + FACILITIES_PER_TRANSACTION).map((id) => buildScaleFacility(id, now));
    const rows = await db.transaction(async (tx) => {
      // Generated history is not news: no live-update events for it (migration 0005), which keeps the 200,000-alert
      // bench seed from writing as many event rows and waking every server's event bus.
      await tx.execute(sql`select set_config('portal.alert_events', 'off', true)`);
      await tx.insert(facilities).values(built.map((b) => b.facility));
      const permissions = built.flatMap((b) =>
        permissionKeys.map((key) => ({ facId: b.facility.facId, key })),
      );
      await tx.insert(facilityPermissions).values(permissions);
      const alertRows = await insertAlerts(
        tx,
        built.flatMap((b) => b.alerts),
        options.mode,
      );
      const toteRows = await insertTotes(
        tx,
        built.flatMap((b) => b.totes),
        options.mode,
      );
      return built.length + permissions.length + alertRows + toteRows;
    });
    progress = {
      facilitiesDone: progress.facilitiesDone + built.length,
      facilitiesTotal: missing.length,
      alerts: progress.alerts + built.reduce((sum, b) => sum + b.alerts.length, 0),
      rows: progress.rows + rows,
    };
    options.onProgress?.(progress);
  }
  return progress;
}
