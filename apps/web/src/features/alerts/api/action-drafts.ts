import { useState } from 'react';

/**
 * Text typed into an action dialog and not yet sent, per alert and action, for as long as the tab is open: closing
 * the dialog (Escape, Cancel, a tap outside) keeps what was typed, and the same dialog opened again shows it. A sent
 * action clears it. Held in memory only: it holds health information and never goes to storage.
 */
const drafts = new Map<string, string>();

/** The key of one alert's action dialog. */
export const draftKey = (widgetKey: string, alertId: number, action: string) =>
  `${widgetKey}:${alertId}:${action}`;

export function readDraft(key: string): string {
  return drafts.get(key) ?? '';
}

export function keepDraft(key: string, text: string): void {
  if (text) drafts.set(key, text);
  else drafts.delete(key);
}

export function clearDraft(key: string): void {
  drafts.delete(key);
}

/** Drops every draft (sign-out). */
export function clearAllDrafts(): void {
  drafts.clear();
}

/** A text field's value kept as the draft under `key`: it starts from the draft and every change is kept. */
export function useDraft(key: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => readDraft(key));
  return [
    text,
    (next) => {
      setText(next);
      keepDraft(key, next);
    },
  ];
}
