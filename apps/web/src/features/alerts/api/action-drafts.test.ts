import { afterEach, describe, expect, it } from 'vitest';
import { beginSend, clearAllDrafts, dropSend, keepDraft, readDraft, settleDraft } from './action-drafts.ts';

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
