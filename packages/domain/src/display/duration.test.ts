import { describe, expect, it } from 'vitest';
import { durationInWords } from './duration.ts';

describe('durationInWords', () => {
  it.each([
    [7200, '2 hours'],
    [60, '1 minute'],
    [5, '5 seconds'],
    [1, '1 second'],
    [5400, '1 hour 30 minutes'],
    [600, '10 minutes'],
    [0, '0 seconds'],
    [86_400, '1 day'],
  ])('%i seconds read as %s', (seconds, words) => {
    expect(durationInWords(seconds)).toBe(words);
  });
});
