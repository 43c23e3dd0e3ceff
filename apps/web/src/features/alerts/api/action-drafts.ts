import { useState } from 'react';

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
  return draft;
}

export function clearDraft(key: string): void {
  drafts.delete(key);
}

/**
 * What is left to send once `sent` has gone: the words typed after it, or, when the sent words were edited
 * meanwhile, the whole text (nothing typed is thrown away unsent).
 */
export function unsentPart(current: string, sent: string): string {
  if (current === sent) return '';
  return current.startsWith(sent) ? current.slice(sent.length).trimStart() : current;
}

/**
 * The draft an action was sent from, once the server has stored the action: cleared, or with `sentText` (a reply,
 * whose box stays open while it is on its way) only the words typed after it kept. Called when the answer comes,
 * whether or not the form is still on screen: a reply or dialog closed before it would otherwise come back, sent
 * already, the next time the alert is opened, ready to be sent again.
 */
export function settleDraft(key: string, sentText?: string): void {
  const rest = sentText === undefined ? '' : unsentPart(readDraft(key).text, sentText);
  if (rest) keepDraft(key, { text: rest });
  else clearDraft(key);
}

/** Drops every draft (sign-out). */
export function clearAllDrafts(): void {
  drafts.clear();
}

/**
 * A form's values kept as the draft under `key`: they start from the draft, and every change is kept. A change
 * names only the values it changes (`{ reason }`), so the others stay as typed.
 */
export function useDraft(key: string): [Draft, (change: Partial<Draft>) => void] {
  const [draft, setDraft] = useState(() => readDraft(key));
  return [draft, (change) => setDraft(keepDraft(key, change))];
}
