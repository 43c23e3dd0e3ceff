import { WIDGETS, type Widget } from '@portal/domain';
import type { Db } from '../client.ts';
import type { DemoUsers } from './accounts.ts';
import type { HCA_BADGES } from './alert-details.ts';
import { buildAlert, type FacilityRef } from './alert-factory.ts';
import { type AlertWithActions, insertAlerts } from './bulk-insert.ts';
import { type Actor, buildDiscussion, type DiscussionKind } from './discussions.ts';
import { DEMO_FACILITIES } from './organisations.ts';
import { createRandom, daysBefore } from './random.ts';

/** The facilities whose alerts demo-world.md promises. */
export const DEMO_ALERT_FACILITIES = [101, 102, 201] as const;

// One row per live alert, in order. Read states give 3 unread, 2 read and 1 null at least; the unread Reply
// sits on an unread alert, as it would after the pharmacy answers. High cost alerts get two more rows so their
// stages cover all six milestones.
const LIVE_READ: readonly (boolean | null)[] = [false, false, true, null, true, false, false, true];
const LIVE_DISCUSSION: readonly DiscussionKind[] = [
  'none',
  'none',
  'answered',
  'none',
  'asked',
  'unreadReply',
  'none',
  'none',
];
const HCA_BADGE_AT: Readonly<Record<number, (typeof HCA_BADGES)[number]>> = {
  1: 'posted',
  3: 'deleted',
  5: 'profileOnly',
};
// Archived alerts spread over the last 60 days.
const ARCHIVED_DAYS_AGO = [4, 27, 52] as const;

// `??` would turn the deliberate null (not markable) into false.
const readStateAt = (i: number): boolean | null => {
  const state = LIVE_READ[i];
  return state === undefined ? false : state;
};

/** The demo rx number: facility, widget id and a sequence, so a number tells where its alert belongs. */
export function rxNumber(facId: number, widgetId: number, seq: number): string {
  return String(facId * 100_000 + widgetId * 1000 + seq);
}

/** Who writes the discussions at each demo facility, and who answers for its pharmacy. */
function actorsFor(facId: number, people: DemoUsers): { facility: Actor; pharmacy: Actor } {
  const user = (local: string): Actor => {
    const person = people[local];
    return { name: person?.displayName ?? local, userId: person?.id ?? null };
  };
  if (facId === 201) return { facility: user('don'), pharmacy: user('billing') };
  return { facility: facId === 101 ? user('nurse') : user('admin'), pharmacy: user('pharmacist') };
}

function widgetAlerts(
  facility: FacilityRef,
  widget: Widget,
  now: Date,
  people: DemoUsers,
): AlertWithActions[] {
  const rng = createRandom(facility.facId * 1000 + widget.id);
  const actors = actorsFor(facility.facId, people);
  const isHca = widget.key === 'highCostAlerts';
  const out: AlertWithActions[] = [];
  const liveCount = isHca ? 8 : 6;
  for (let i = 0; i < liveCount; i++) {
    const dateCreated = daysBefore(now, 1 + i * 2.5 + rng.next());
    const kind = LIVE_DISCUSSION[i] ?? 'none';
    const discussion = buildDiscussion(
      rng,
      widget.key,
      kind,
      dateCreated,
      actors.facility,
      actors.pharmacy,
      now,
    );
    const alert = buildAlert(rng, facility, {
      widget: widget.key,
      rxNo: rxNumber(facility.facId, widget.id, i + 1),
      dateCreated,
      readByFaci: readStateAt(i),
      stage: i % 6,
      badge: HCA_BADGE_AT[i] ?? null,
      srxStatus: discussion.srxStatus,
    });
    out.push({ alert, actions: discussion.actions });
  }
  ARCHIVED_DAYS_AGO.forEach((daysAgo, j) => {
    const archivedAt = daysBefore(now, daysAgo + rng.next());
    const dateCreated = daysBefore(archivedAt, rng.int(2, 6));
    const discussion = buildDiscussion(
      rng,
      widget.key,
      j === 0 ? 'answered' : 'none',
      dateCreated,
      actors.facility,
      actors.pharmacy,
      now,
    );
    const rxNo = rxNumber(facility.facId, widget.id, 100 + j);
    const alert = buildAlert(rng, facility, {
      widget: widget.key,
      rxNo,
      dateCreated,
      readByFaci: true,
      archive: { at: archivedAt, id: Number(rxNo) },
      stage: 5,
      badge: j === 1 ? 'posted' : null,
      // The spec shows original quantity and days supply only on archived alerts whose supply changed.
      changedQty: isHca && j === 0,
      srxStatus: discussion.srxStatus,
    });
    out.push({ alert, actions: discussion.actions });
  });
  return out;
}

/** Alerts and discussions for 101, 102 and 201: every widget, every read state, stage and badge. */
export async function seedDemoAlerts(db: Db, now: Date, people: DemoUsers): Promise<void> {
  const items = DEMO_FACILITIES.filter((f) =>
    (DEMO_ALERT_FACILITIES as readonly number[]).includes(f.facId),
  ).flatMap((facility) => WIDGETS.flatMap((widget) => widgetAlerts(facility, widget, now, people)));
  await insertAlerts(db, items);
}
