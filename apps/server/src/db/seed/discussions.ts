import { type ActionValue, type WidgetKey, widgetByKey } from '@portal/domain';
import type { ActionRow } from './alert-factory.ts';
import type { Random } from './random.ts';

/** Someone who writes in a discussion: a seeded user (with id) or just a name. */
export interface Actor {
  readonly name: string;
  readonly userId: number | null;
}

/** Which discussion an alert gets. */
export type DiscussionKind = 'none' | 'asked' | 'answered' | 'unreadReply';

/** A discussion and the srxStatus it leaves on the alert (the facility's last answer). */
export interface Discussion {
  readonly actions: ActionRow[];
  readonly srxStatus: string | null;
}

const QUESTIONS = [
  'Can we use the formulary alternative instead?',
  'Family asks whether this can wait until the next delivery.',
  'Is there a lower-cost equivalent the physician could approve?',
  'Please confirm the quantity; the order says 14 days.',
];
const REPLIES = [
  'Yes, the formulary alternative is equivalent. Sending a change request to the prescriber.',
  'We can hold until tomorrow morning; it will go out on the first run.',
  'The prescriber approved the generic; label updated.',
  'Quantity confirmed with the prescriber: 14 days as ordered.',
];
const ANSWER_COMMENTS: Partial<Record<ActionValue, string>> = {
  approve: 'Approved per DON.',
  deny: 'Resident is being discharged; please do not dispense.',
  approveonce: 'Approve this fill only; MD reviewing at rounds.',
  submitlimit: 'Limit to a short supply until the MD reviews.',
  send: 'MD Okayed',
  donotsend: 'd/c order will be sent to pharmacy',
  limitedApproval: 'Approved until refill date.',
};

/** The facility's answer for a widget: its first button other than Discuss, or Discuss when that is all it has. */
function answerAction(widget: WidgetKey): ActionValue {
  return widgetByKey(widget).buttons.find((b) => b.action !== 'ask')?.action ?? 'ask';
}

/**
 * Builds a discussion thread starting an hour or more after the alert: a facility entry, then for `answered` and
 * `unreadReply` a pharmacy Reply. Replies are the only markable entries (readByFaci true or false); facility
 * entries are null.
 */
export function buildDiscussion(
  rng: Random,
  widget: WidgetKey,
  kind: DiscussionKind,
  start: Date,
  facilityActor: Actor,
  pharmacyActor: Actor,
  now: Date,
): Discussion {
  if (kind === 'none') return { actions: [], srxStatus: null };
  const action = kind === 'answered' ? answerAction(widget) : 'ask';
  // Never in the future, whatever the alert's age: a thread written "tomorrow" would confuse every relative time.
  const latest = now.getTime() - 2 * 3_600_000;
  const askedAt = new Date(Math.min(start.getTime() + rng.int(60, 600) * 60_000, latest));
  const facilityEntry: ActionRow = {
    action,
    comment: action === 'ask' ? rng.pick(QUESTIONS) : (ANSWER_COMMENTS[action] ?? ''),
    limitDays: action === 'submitlimit' ? rng.int(3, 14) : null,
    requestedBy: facilityActor.name,
    requestedByUserId: facilityActor.userId,
    sentAt: askedAt,
    readByFaci: null,
  };
  const actions = [facilityEntry];
  if (kind !== 'asked') {
    actions.push({
      action: 'Reply',
      comment: rng.pick(REPLIES),
      requestedBy: pharmacyActor.name,
      requestedByUserId: pharmacyActor.userId,
      sentAt: new Date(Math.min(askedAt.getTime() + rng.int(10, 240) * 60_000, latest + 3_600_000)),
      readByFaci: kind === 'answered',
    });
  }
  return { actions, srxStatus: action };
}
