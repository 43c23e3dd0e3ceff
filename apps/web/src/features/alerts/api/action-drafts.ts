import { useCallback, useSyncExternalStore } from 'react';

/**
 * What an action dialog holds and has not yet sent: the text typed (a comment, question or reply) and, where the
 * action asks for one, the choice made (a Send or Do Not Send reason, a number of days to Limit Days).
 */
export interface Draft {
  text: string;
  reason: string | null;
  /** 0 while no number is chosen, as the Limit Days form holds it. */
  limitDays: number;
}

const EMPTY_DRAFT: Draft = { text: '', reason: null, limitDays: 0 };

/**
 * Drafts per alert and action, for as long as the tab is open: closing the dialog (Escape, Cancel, a tap outside)
 * keeps what was typed or chosen, and the same dialog opened again shows it. A sent action clears it. Held in memory
 * only: it holds health information and never goes to storage.
 */
const drafts = new Map<string, Draft>();

/**
 * The open forms showing a draft. A draft also changes while no keystroke is made in its form: an action stored
 * while the form is open again (the alert left and opened again before the answer) takes its words out, and the open
 * box has to show that, or its next keystroke would keep the sent words again.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** The key of one alert's action dialog. */
export const draftKey = (widgetKey: string, alertId: number, action: string) =>
  `${widgetKey}:${alertId}:${action}`;

const isEmpty = (draft: Draft) => !draft.text && draft.reason === null && draft.limitDays === 0;

export function readDraft(key: string): Draft {
  return drafts.get(key) ?? EMPTY_DRAFT;
}

/** Keeps a change to the draft under `key`; a draft left with nothing in it is dropped. */
export function keepDraft(key: string, change: Partial<Draft>): Draft {
  const draft = { ...readDraft(key), ...change };
  if (isEmpty(draft)) drafts.delete(key);
  else drafts.set(key, draft);
  changed();
  return draft;
}

export function clearDraft(key: string): void {
  if (drafts.delete(key)) changed();
}

/**
 * What is left to send once `sent` has gone: the words typed after it, or, when the sent words were edited
 * meanwhile, the whole text (nothing typed is thrown away unsent).
 */
export function unsentPart(current: string, sent: string): string {
  if (current === sent) return '';
  return current.startsWith(sent) ? current.slice(sent.length).trimStart() : current;
}

/** An action on its way, sent from the draft under `key`; `sentText`: a reply's words (see settleDraft). */
export interface PendingSend {
  readonly key: string;
  sentText: string | undefined;
}

/**
 * Replies on their way. Their words are still in their draft (they stay there if the server refuses them), so a
 * second reply sent from the same draft before the first is answered may hold the first's words too.
 */
const pending = new Set<PendingSend>();

/** Notes an action sent from the draft under `key`, to be settled (settleDraft) or dropped (dropSend). */
export function beginSend(key: string, sentText?: string): PendingSend {
  const send: PendingSend = { key, sentText };
  if (sentText !== undefined) pending.add(send);
  return send;
}

/** An action refused or left unanswered: its words stay in the draft, to be sent again. */
export function dropSend(send: PendingSend): void {
  pending.delete(send);
}

/**
 * The draft an action was sent from, once the server has stored the action: cleared, or with `sentText` (a reply,
 * whose box stays open while it is on its way) only the words typed after it kept. Called when the answer comes,
 * whether or not the form is still on screen: a reply or dialog closed before it would otherwise come back, sent
 * already, the next time the alert is opened, ready to be sent again.
 *
 * Two replies from one draft may be on their way at once, the second typed after (and sent with) the first's
 * words; whichever is answered first, the box ends with what was typed after both. The other's words are kept
 * in step: once these words have gone, a reply that held them has only its own left to take out, and a reply
 * whose words went out with these has none.
 */
export function settleDraft(send: PendingSend): void {
  pending.delete(send);
  const sent = send.sentText;
  if (sent === undefined) {
    clearDraft(send.key);
    return;
  }
  // Nothing left to take out: its words went out of the box with another reply's.
  if (!sent) return;
  const rest = unsentPart(readDraft(send.key).text, sent);
  if (rest) keepDraft(send.key, { text: rest });
  else clearDraft(send.key);
  for (const other of pending) {
    if (other.key !== send.key || other.sentText === undefined) continue;
    if (other.sentText.startsWith(sent)) other.sentText = other.sentText.slice(sent.length).trimStart();
    else if (sent.startsWith(other.sentText)) other.sentText = '';
  }
}

/** Drops every draft (sign-out). */
export function clearAllDrafts(): void {
  drafts.clear();
  pending.clear();
  changed();
}

/**
 * A form's values kept as the draft under `key`: they start from the draft, and every change is kept. A change
 * names only the values it changes (`{ reason }`), so the others stay as typed.
 */
export function useDraft(key: string): [Draft, (change: Partial<Draft>) => void] {
  const read = useCallback(() => readDraft(key), [key]);
  // Drawn on the server, a form starts empty: the drafts live in the tab's memory only.
  const draft = useSyncExternalStore(subscribe, read, () => EMPTY_DRAFT);
  const change = useCallback((values: Partial<Draft>) => void keepDraft(key, values), [key]);
  return [draft, change];
}
