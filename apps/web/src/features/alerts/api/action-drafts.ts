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
 * Whose drafts these are (tokeninfo's userId), once known. A session that expired (a 401) leaves its drafts held:
 * hidden until the next session's user is known, shown again when that is the same user, dropped when it is
 * someone else (a ward computer passes from hand to hand). A sign-out drops them at once (clearAllDrafts).
 */
let owner: number | null = null;
let held = false;

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

/** The draft under `key` as a form shows it: none while the drafts are held for a session's user to be known. */
export function readDraft(key: string): Draft {
  return (!held && drafts.get(key)) || EMPTY_DRAFT;
}

/** The draft as stored, held or not: what a send answered meanwhile settles. */
const storedDraft = (key: string) => drafts.get(key) ?? EMPTY_DRAFT;

/** Keeps a change to the draft under `key`; a draft left with nothing in it is dropped. */
export function keepDraft(key: string, change: Partial<Draft>): Draft {
  const draft = { ...storedDraft(key), ...change };
  // Edited: the words a refusal was about are not the ones shown any more.
  refusals.delete(key);
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
 * Actions and replies on their way. Their words are still in their draft (they stay there if the server refuses
 * them), so a form showing that draft offers no Send of them meanwhile (isSending): a box or dialog closed and
 * opened again before the answer would otherwise send the same words a second time.
 */
const pending = new Set<PendingSend>();

/**
 * Why the last action sent from each draft did not go (the server's refusal, or no answer), until the words are
 * edited or sent again: every form showing the draft says it, the one that sent it and one opened again while it
 * was on its way alike (that one's own request never failed).
 */
const refusals = new Map<string, Error>();

/** Notes an action sent from the draft under `key`, to be settled (settleDraft) or dropped (dropSend). */
export function beginSend(key: string, sentText?: string): PendingSend {
  const send: PendingSend = { key, sentText };
  pending.add(send);
  refusals.delete(key);
  changed();
  return send;
}

/** An action refused or left unanswered (`refusal` says why): its words stay in the draft, to be sent again. */
export function dropSend(send: PendingSend, refusal?: Error): void {
  if (!pending.delete(send)) return;
  if (refusal) refusals.set(send.key, refusal);
  changed();
}

/** Why the last action sent from the draft under `key` did not go, if it did not and nothing changed since. */
export function refusalOf(key: string): Error | null {
  return refusals.get(key) ?? null;
}

/** Whether an action or reply sent from the draft under `key` is on its way. */
export function isSending(key: string): boolean {
  for (const send of pending) if (send.key === key) return true;
  return false;
}

/** Called with each action stored from the draft under `key` (settleDraft), whichever form sent it. */
const sentListeners = new Map<string, Set<() => void>>();

/** Calls `listener` when an action sent from the draft under `key` is stored; returns the unsubscribe. */
export function onDraftSent(key: string, listener: () => void): () => void {
  const forKey = sentListeners.get(key) ?? new Set();
  forKey.add(listener);
  sentListeners.set(key, forKey);
  return () => {
    forKey.delete(listener);
    if (forKey.size === 0 && sentListeners.get(key) === forKey) sentListeners.delete(key);
  };
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
  // A send from drafts dropped since (a sign-out, another user's session): nothing of it is left to settle.
  if (!pending.delete(send)) return;
  settle(send);
  changed();
  for (const listener of [...(sentListeners.get(send.key) ?? [])]) listener();
}

function settle(send: PendingSend): void {
  const sent = send.sentText;
  if (sent === undefined) {
    clearDraft(send.key);
    return;
  }
  // Nothing left to take out: its words went out of the box with another reply's.
  if (!sent) return;
  const rest = unsentPart(storedDraft(send.key).text, sent);
  if (rest) keepDraft(send.key, { text: rest });
  else clearDraft(send.key);
  for (const other of pending) {
    if (other.key !== send.key || other.sentText === undefined) continue;
    if (other.sentText.startsWith(sent)) other.sentText = other.sentText.slice(sent.length).trimStart();
    else if (sent.startsWith(other.sentText)) other.sentText = '';
  }
}

/**
 * The Idempotency-Key of each action sent and not yet known to be stored, by its request body: the same words sent
 * again go with the same key, from the form that sent them or from one opened since (closing the alert and opening
 * it again used to draw a new key, and an action the server had stored but could not confirm was stored twice).
 */
const requestKeys = new Map<string, string>();

/** The key for sending `body`: the one an earlier unconfirmed send of it went with, else a new one. */
export function requestKeyFor(body: string, newKey: () => string): string {
  const key = requestKeys.get(body) ?? newKey();
  requestKeys.set(body, key);
  return key;
}

/** The action sent as `body` is stored: sending the same words again is a new action, with a new key. */
export function forgetRequestKey(body: string): void {
  requestKeys.delete(body);
}

/** Drops every draft and forgets whose they were (a sign-out). */
export function clearAllDrafts(): void {
  drafts.clear();
  pending.clear();
  refusals.clear();
  requestKeys.clear();
  owner = null;
  held = false;
  changed();
}

/**
 * The session ended without a sign-out (a 401): the drafts stay in memory, hidden, for the same user signing in
 * again in this tab (draftsBelongTo).
 */
export function holdDrafts(): void {
  held = true;
  changed();
}

/**
 * The signed-in user is known: the drafts held for them are shown again; another user's are dropped, unseen.
 */
export function draftsBelongTo(userId: number): void {
  if (owner !== null && owner !== userId) {
    drafts.clear();
    pending.clear();
    refusals.clear();
    requestKeys.clear();
  }
  // Held after a 401: what refused their sends then was the ended session, which this sign-in has answered.
  if (held) refusals.clear();
  owner = userId;
  held = false;
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

/**
 * Whether an action sent from the draft under `key` is on its way, from this form or from one closed since: its
 * words are still in the draft, and a form shows no Send of them until the answer comes.
 */
export function useSending(key: string): boolean {
  const read = useCallback(() => isSending(key), [key]);
  return useSyncExternalStore(subscribe, read, () => false);
}

/** Why the last action sent from the draft under `key` did not go (refusalOf), as a form shows it. */
export function useRefusal(key: string): Error | null {
  const read = useCallback(() => refusalOf(key), [key]);
  return useSyncExternalStore(subscribe, read, () => null);
}
