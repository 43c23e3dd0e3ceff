import { describe, expect, it } from 'vitest';
import {
  emailField,
  formatPhone,
  maskPhone,
  newPasswordField,
  optionalPhoneField,
  USER_MESSAGES,
} from './user-fields.ts';

describe('user fields', () => {
  it('keeps only the digits of a masked phone and accepts empty or exactly 10', () => {
    expect(optionalPhoneField().parse('(555) 123-4567')).toBe('5551234567');
    expect(optionalPhoneField().parse('')).toBe('');
    const bad = optionalPhoneField().safeParse('555-12');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(USER_MESSAGES.invalidPhone);
  });

  it('formats 10 digits as ddd-ddd-dddd', () => {
    expect(formatPhone('5551234567')).toBe('555-123-4567');
    expect(formatPhone('123')).toBe('123');
  });

  it('masks a phone as (xxx) xxx-xxxx while it is typed, keeping at most 10 digits', () => {
    const cases: [string, string][] = [
      ['', ''],
      ['9', '(9'],
      ['973', '(973'],
      ['9735', '(973) 5'],
      ['973555', '(973) 555'],
      ['9735550', '(973) 555-0'],
      ['9735550194', '(973) 555-0194'],
      ['(973) 555-01945', '(973) 555-0194'],
      ['973-555-0194', '(973) 555-0194'],
      ['abc', ''],
    ];
    for (const [typed, shown] of cases) expect(maskPhone(typed)).toBe(shown);
    expect(optionalPhoneField().parse(maskPhone('9735550194'))).toBe('9735550194');
  });

  it('trims and lower-cases emails and names the missing and the malformed', () => {
    expect(emailField().parse('  Ann@Example.TEST ')).toBe('ann@example.test');
    expect(emailField().safeParse('').error?.issues[0]?.message).toBe(USER_MESSAGES.enterEmail);
    expect(emailField().safeParse('not-an-email').error?.issues[0]?.message).toBe(USER_MESSAGES.invalidEmail);
  });

  it('checks the configured password minimum with the number in the message', () => {
    const field = newPasswordField(8, USER_MESSAGES.passwordRequired, USER_MESSAGES.passwordTooShort);
    expect(field.safeParse('').error?.issues[0]?.message).toBe(USER_MESSAGES.passwordRequired);
    expect(field.safeParse('abc').error?.issues[0]?.message).toBe(
      'Password must be at least 8 characters long',
    );
    expect(field.parse('abcdefgh')).toBe('abcdefgh');
  });
});
