import { describe, expect, it } from 'vitest';
import { roleLabel } from './roles.ts';

describe('roleLabel', () => {
  it('reads a role’s wire name as its catalogue label, and an unknown name as itself', () => {
    const cases: [string, string][] = [
      ['facilityadmin', 'Facility Admin'],
      ['BusinessOffice', 'Business Office'],
      ['Nursing', 'Nursing'],
      ['CustomerService', 'Customer Service'],
      ['SysAdmin', 'SysAdmin'],
      ['SuperAdmin', 'SuperAdmin'],
      ['', ''],
    ];
    for (const [name, label] of cases) expect(roleLabel(name)).toBe(label);
  });
});
