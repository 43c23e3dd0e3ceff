import { describe, expect, it } from 'vitest';
import { INT4_MAX, int4Id, int4IdOrDigits, int4IdText, queryInt } from './ids.ts';

const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('int4 ids', () => {
  it.each([1, 101, INT4_MAX])('takes the number %j', (value) => {
    expect(int4Id().parse(value)).toBe(value);
    expect(int4IdOrDigits().parse(value)).toBe(value);
  });

  it.each([0, -1, 1.5, INT4_MAX + 1, Number.MAX_SAFE_INTEGER + 2, true, null, '1'])(
    'refuses %j as a number',
    (value) => expect(accepts(int4Id(), value)).toBe(false),
  );

  it.each([
    ['1', 1],
    ['0101', 101],
    [String(INT4_MAX), INT4_MAX],
  ])('reads the text %j as %j', (text, id) => expect(int4IdText().parse(text)).toBe(id));

  it.each([
    '',
    '0',
    '2147483648',
    '99999999999',
    '0x10',
    '1e0',
    '+1',
    ' 1',
    '1 ',
    '-1',
    '1.0',
    'Infinity',
    'true',
  ])('refuses the text %j', (text) => {
    expect(accepts(int4IdText(), text)).toBe(false);
    expect(accepts(int4IdOrDigits(), text)).toBe(false);
  });

  it('keeps digits as sent in a body and names the rule in one message', () => {
    expect(int4IdOrDigits().parse('42')).toBe('42');
    const result = int4IdOrDigits('Bad id').safeParse(INT4_MAX + 1);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(['Bad id']);
  });
});

describe('whole numbers in a query string', () => {
  const limit = queryInt(1, 100);

  it.each([
    ['1', 1],
    ['100', 100],
    ['007', 7],
    [42, 42],
  ])('reads %j as %j', (value, number) => expect(limit.parse(value)).toBe(number));

  it.each(['0', '101', '0x10', '1e1', ' 5', '5 ', '5.0', '+5', '-1', '', 'NaN', 0, 1.5, 101, null, true])(
    'refuses %j with one message naming the range',
    (value) => {
      const result = limit.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
        'Must be a whole number from 1 to 100',
      ]);
    },
  );
});
