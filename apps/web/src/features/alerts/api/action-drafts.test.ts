import { afterEach, describe, expect, it } from 'vitest';
import {
  beginSend,
  clearAllDrafts,
  draftsBelongTo,
  dropSend,
  forgetRequestKey,
  holdDrafts,
  isSending,
  keepDraft,
  onDraftSent,
  readDraft,
  refusalOf,
  requestKeyFor,
  settleDraft,
} from './action-drafts.ts';

const key = 'highCost:9:Reply';
const typed = (text: string) => keepDraft(key, { text });

afterEach(() => clearAllDrafts());

describe('settleDraft with two replies from one draft on their way', () => {
  // The second was typed after the first's words (still in the box while the first was on its way) and sent
  // with them; then the pharmacist typed on.
  const sendBoth = () => {
    typed('Refill sent today.');
    const first = beginSend(key, 'Refill sent today.');
    typed('Refill sent today. Next delivery is Monday.');
    const second = beginSend(key, 'Refill sent today. Next delivery is Monday.');
    typed('Refill sent today. Next delivery is Monday. Call if it is late.');
    return { first, second };
  };

  it('keeps only what was typed after both when the first is answered first', () => {
    const { first, second } = sendBoth();
    settleDraft(first);
    expect(readDraft(key).text).toBe('Next delivery is Monday. Call if it is late.');
    settleDraft(second);
    expect(readDraft(key).text).toBe('Call if it is late.');
  });

  it('keeps only what was typed after both when the second is answered first', () => {
    const { first, second } = sendBoth();
    settleDraft(second);
    expect(readDraft(key).text).toBe('Call if it is late.');
    settleDraft(first);
    expect(readDraft(key).text).toBe('Call if it is late.');
  });

  it('takes out the first one’s words once only when the second, holding them, is answered first', () => {
    typed('OK');
    const first = beginSend(key, 'OK');
    typed('OK then');
    const second = beginSend(key, 'OK then');
    typed('OK then OK, and thanks');
    settleDraft(second);
    // The first one's words went out with the second's: the 'OK' left is a new one, typed after both.
    settleDraft(first);
    expect(readDraft(key).text).toBe('OK, and thanks');
  });

  it('keeps the first one’s words when it is refused, and the second is answered', () => {
    const { first, second } = sendBoth();
    dropSend(first);
    settleDraft(second);
    expect(readDraft(key).text).toBe('Call if it is late.');
  });

  it('clears an action dialog’s draft, which keeps nothing typed after', () => {
    keepDraft('highCost:9:ask', { text: 'Is the generic in stock?' });
    settleDraft(beginSend('highCost:9:ask'));
    expect(readDraft('highCost:9:ask').text).toBe('');
  });
});

describe('a send on its way', () => {
  it('is known by its draft until it is answered, stored or refused', () => {
    typed('Refill sent today.');
    const send = beginSend(key, 'Refill sent today.');
    expect(isSending(key)).toBe(true);
    expect(isSending('highCost:10:Reply')).toBe(false);
    dropSend(send);
    expect(isSending(key)).toBe(false);
    // Refused: the words are there to be sent again.
    expect(readDraft(key).text).toBe('Refill sent today.');
    const again = beginSend(key, 'Refill sent today.');
    settleDraft(again);
    expect(isSending(key)).toBe(false);
    expect(readDraft(key).text).toBe('');
  });

  it('is known for an action dialog too, whose whole draft goes', () => {
    keepDraft('highCost:9:approve', { text: 'Approved for 30 days' });
    const send = beginSend('highCost:9:approve');
    expect(isSending('highCost:9:approve')).toBe(true);
    settleDraft(send);
    expect(isSending('highCost:9:approve')).toBe(false);
  });

  it('tells whoever listens for its draft once it is stored, not when it is refused', () => {
    const heard: string[] = [];
    const stop = onDraftSent(key, () => heard.push('sent'));
    dropSend(beginSend(key));
    expect(heard).toEqual([]);
    settleDraft(beginSend(key));
    expect(heard).toEqual(['sent']);
    stop();
    settleDraft(beginSend(key));
    expect(heard).toEqual(['sent']);
  });

  it('settles nothing once the drafts were dropped (a sign-out) while it was on its way', () => {
    typed('Refill sent today.');
    const send = beginSend(key);
    clearAllDrafts();
    typed('Another session’s words');
    settleDraft(send);
    expect(readDraft(key).text).toBe('Another session’s words');
  });
});

describe('drafts and whose they are', () => {
  it('hides the drafts of an expired session, and shows them again to the same user', () => {
    draftsBelongTo(1);
    typed('Checking with the prescriber');
    holdDrafts();
    expect(readDraft(key).text).toBe('');
    draftsBelongTo(1);
    expect(readDraft(key).text).toBe('Checking with the prescriber');
  });

  it('drops the drafts of an expired session when another user signs in', () => {
    draftsBelongTo(1);
    typed('Checking with the prescriber');
    holdDrafts();
    draftsBelongTo(2);
    expect(readDraft(key).text).toBe('');
    // Still gone should the first user sign in again after them.
    draftsBelongTo(1);
    expect(readDraft(key).text).toBe('');
  });

  it('drops the drafts at a sign-out, whoever signs in next', () => {
    draftsBelongTo(1);
    typed('Checking with the prescriber');
    clearAllDrafts();
    draftsBelongTo(1);
    expect(readDraft(key).text).toBe('');
  });

  it('settles a reply answered while its drafts are held, for the same user signing in again', () => {
    draftsBelongTo(1);
    typed('Refill sent today.');
    const send = beginSend(key, 'Refill sent today.');
    typed('Refill sent today. Next delivery is Monday.');
    holdDrafts();
    settleDraft(send);
    draftsBelongTo(1);
    expect(readDraft(key).text).toBe('Next delivery is Monday.');
  });
});

describe('the Idempotency-Key of an action body', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;
  const body = JSON.stringify({ requestedAction: 'deny', actionComment: 'Not covered' });

  it('stays the same until the action is stored, and is never handed to the next user', () => {
    const first = requestKeyFor(body, newKey);
    expect(requestKeyFor(body, newKey)).toBe(first);
    expect(requestKeyFor(JSON.stringify({ requestedAction: 'approve' }), newKey)).not.toBe(first);
    forgetRequestKey(body);
    const second = requestKeyFor(body, newKey);
    expect(second).not.toBe(first);
    draftsBelongTo(1);
    expect(requestKeyFor(body, newKey)).toBe(second);
    draftsBelongTo(2);
    const third = requestKeyFor(body, newKey);
    expect(third).not.toBe(second);
    clearAllDrafts();
    expect(requestKeyFor(body, newKey)).not.toBe(third);
  });
});

describe('a refused send', () => {
  const refused = new Error('You do not have permission for this action');

  it('is known by its draft until the words are edited', () => {
    typed('Refill sent today.');
    dropSend(beginSend(key, 'Refill sent today.'), refused);
    expect(refusalOf(key)).toBe(refused);
    expect(refusalOf('highCost:10:Reply')).toBeNull();
    typed('Refill sent today!');
    expect(refusalOf(key)).toBeNull();
  });

  it('is forgotten when the session that refused it ended and its user signs in again: the words come back alone', () => {
    draftsBelongTo(1);
    typed('Refill sent today.');
    const send = beginSend(key, 'Refill sent today.');
    holdDrafts();
    dropSend(send, new Error('Your session has ended. Sign in again.'));
    draftsBelongTo(1);
    expect(readDraft(key).text).toBe('Refill sent today.');
    expect(refusalOf(key)).toBeNull();
    // A refusal while signed in stays through the layout's own reading of the user.
    dropSend(beginSend(key, 'Refill sent today.'), refused);
    draftsBelongTo(1);
    expect(refusalOf(key)).toBe(refused);
  });

  it('is forgotten once the words are sent again, and at a sign-out', () => {
    typed('Refill sent today.');
    dropSend(beginSend(key, 'Refill sent today.'), refused);
    beginSend(key, 'Refill sent today.');
    expect(refusalOf(key)).toBeNull();
    dropSend(beginSend('highCost:9:approve'), refused);
    clearAllDrafts();
    expect(refusalOf('highCost:9:approve')).toBeNull();
  });
});
