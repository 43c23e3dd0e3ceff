import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE, AuditQuerySchema, readsAudit } from './audit.ts';

describe('readsAudit', () => {
  it('is for SuperAdmins and pharmacy SysAdmins only', () => {
    expect(readsAudit({ userType: 'SuperAdmin', entityTypeAndRole: [] })).toBe(true);
    expect(
      readsAudit({ userType: 'PharmacyUser', entityTypeAndRole: [{ pharid: 'sprx', userRole: 'SysAdmin' }] }),
    ).toBe(true);
    expect(
      readsAudit({
        userType: 'PharmacyUser',
        entityTypeAndRole: [{ pharid: 'sprx', userRole: 'Pharmacist' }],
      }),
    ).toBe(false);
    // A facility role that happens to carry the same name is not a pharmacy SysAdmin.
    expect(
      readsAudit({ userType: 'FacilityUser', entityTypeAndRole: [{ facid: 101, userRole: 'SysAdmin' }] }),
    ).toBe(false);
  });
});

describe('AuditQuerySchema', () => {
  it('defaults the page size and format', () => {
    expect(AuditQuerySchema.parse({})).toEqual({ limit: AUDIT_PAGE.defaultLimit, format: 'json' });
  });

  it.each([
    [{ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'to'],
    [{ recordId: '5' }, 'recordId'],
    [{ limit: '201' }, 'limit'],
    [{ cursor: '12a' }, 'cursor'],
    [{ kind: 'auth%' }, 'kind'],
    [{ format: 'xml' }, 'format'],
  ])('refuses %j at %s', (query, field) => {
    const result = AuditQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });

  it('accepts a prefix kind, equal from and to, and numbers as query strings', () => {
    expect(
      AuditQuerySchema.parse({
        kind: 'auth.',
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-01T00:00:00+00:00',
        facId: '101',
        limit: '10',
      }),
    ).toMatchObject({ kind: 'auth.', facId: 101, limit: 10 });
  });
});
