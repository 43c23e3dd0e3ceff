import { READ_PERMISSIONS, WIDGETS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret, randomSecretKey } from '../../platform/secret-box.ts';
import { freshDatabase, TEST_NOW } from '../../test/test-app.ts';
import type { Database } from '../client.ts';
import {
  facilityMemberships,
  facilityPermissions,
  files,
  packingSlips,
  pharmacies,
  pharmacyMemberships,
  releaseNotes,
  users,
  versions,
} from '../schema/index.ts';
import { DEMO_ACCOUNTS, seedIfEmpty } from './index.ts';

let database: Database;
let drop: () => Promise<void>;
const secretKey = randomSecretKey();
const written = new Map<string, Uint8Array>();

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await seedIfEmpty(database.db, {
    pharmacyEmailDomain: 'pharmacy.test',
    now: TEST_NOW,
    secretKey,
    writeFile: async (key, bytes) => {
      written.set(key, bytes);
    },
  });
});
afterAll(async () => drop());

describe('organisations and accounts', () => {
  it('has the six pharmacies and every demo account with its roles', async () => {
    const db = database.db;
    expect((await db.select().from(pharmacies)).map((p) => p.pharmId).sort()).toEqual([
      'alrx',
      'fll',
      'ohio',
      'parx',
      'sprx',
      'upny',
    ]);
    const people = await db.select().from(users);
    expect(people.map((u) => u.email).sort()).toEqual(
      DEMO_ACCOUNTS.map((a) => a.email.replace('{pharmacy}', 'pharmacy.test')).sort(),
    );
    for (const person of people) expect(person.phone).toMatch(/^\d{10}$/);
    const roleOf = async (email: string) => {
      const id = people.find((p) => p.email === email)?.id ?? -1;
      const fac = await db.select().from(facilityMemberships).where(eq(facilityMemberships.userId, id));
      const pharm = await db.select().from(pharmacyMemberships).where(eq(pharmacyMemberships.userId, id));
      return [
        ...fac.map((m) => `${m.facId}:${m.role}`),
        ...pharm.map((m) => `${m.pharmId}:${m.role}`),
      ].sort();
    };
    expect(await roleOf('sysadmin@pharmacy.test')).toEqual(['sprx:SysAdmin', 'upny:SysAdmin']);
    expect(await roleOf('pharmacist@pharmacy.test')).toEqual(['sprx:Pharmacist']);
    expect(await roleOf('billing@pharmacy.test')).toEqual(['upny:Billing']);
    expect(await roleOf('admin@meadowbrook.test')).toEqual(['101:facilityadmin', '102:facilityadmin']);
    expect(await roleOf('nurse@meadowbrook.test')).toEqual(['101:Nursing']);
    expect(await roleOf('nurse.nocreds@meadowbrook.test')).toEqual(['101:Nursing']);
    expect(await roleOf('don@lakeside.test')).toEqual(['201:DON']);
    expect(await roleOf('super@portal.test')).toEqual([]);
  });

  it('seals messaging credentials for the accounts that have them, and only those', async () => {
    const people = await database.db.select().from(users);
    const without = people.filter((p) => p.mediprocityUser === null).map((p) => p.email.split('@')[0]);
    expect(without.sort()).toEqual(['nurse.nocreds', 'pharmacist']);
    for (const person of people.filter((p) => p.mediprocitySecret)) {
      const opened = JSON.parse(openSecret(secretKey, person.mediprocitySecret ?? new Uint8Array()));
      expect(opened).toHaveProperty('password');
      expect(opened).toHaveProperty('encryptionKey');
    }
  });

  it('gives 102 manual read marking and Discuss only, without facility settings', async () => {
    const keys = (
      await database.db.select().from(facilityPermissions).where(eq(facilityPermissions.facId, 102))
    ).map((r) => r.key);
    expect(keys).toContain(READ_PERMISSIONS.readManually);
    expect(keys).toContain(READ_PERMISSIONS.unreadManually);
    expect(keys).not.toContain(READ_PERMISSIONS.readAutomatically);
    expect(keys).not.toContain(READ_PERMISSIONS.unreadAutomatically);
    expect(keys).not.toContain('allowToSetSettingsForFacility');
    const actionKeys = keys.filter((k) => k.includes('_Action_'));
    expect(actionKeys.sort()).toEqual(WIDGETS.map((w) => `widget_${w.key}_Action_ask`).sort());
  });
});

describe('totes, files and content', () => {
  it('has several totes a day for the last 7 days at 101, 102 and 201, some signed', async () => {
    const slips = await database.db.select().from(packingSlips);
    for (const facId of [101, 102, 201]) {
      const own = slips.filter((s) => s.facId === facId);
      const days = new Set(
        own.map((s) => Math.floor((TEST_NOW.getTime() - s.shipDate.getTime()) / 86_400_000)),
      );
      expect([...days].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(own.length).toBeGreaterThanOrEqual(14);
    }
    const signed = slips.filter((s) => s.signature && s.showDeliveryInfo && s.receivedBy && s.receivedAt);
    expect(signed.length).toBeGreaterThan(0);
    const png = Buffer.from(signed[0]?.signature ?? '', 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  });

  it('has both file trees and a deleted file and folder in the recycling bin', async () => {
    const rows = await database.db.select().from(files);
    const roots = rows.filter((r) => r.isTopLevel).map((r) => r.name);
    expect(roots.sort()).toEqual(['Facilities', 'States']);
    const bin = rows.filter((r) => r.deletedAt !== null);
    expect(bin.some((r) => r.kind === 'folder' && r.pathnameAtDeletion?.startsWith('/Facilities/'))).toBe(
      true,
    );
    expect(bin.some((r) => r.kind === 'file')).toBe(true);
    const stored = rows.filter((r) => r.storageKey);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(written.get(row.storageKey ?? '')?.length).toBe(row.size);
    const pdf = stored.find((r) => r.fileType === 'pdf');
    expect(Buffer.from(written.get(pdf?.storageKey ?? '') ?? []).toString('latin1')).toMatch(/^%PDF-1\.4/);
  });

  it('has pharmacy-only release notes among the public ones, and versions', async () => {
    const notes = await database.db.select().from(releaseNotes);
    expect(notes.some((n) => n.pharmUserOnly)).toBe(true);
    expect(notes.some((n) => !n.pharmUserOnly)).toBe(true);
    for (const note of notes) expect(note.description).not.toMatch(/<script|on\w+=/i);
    const released = await database.db.select().from(versions);
    expect(released.length).toBeGreaterThanOrEqual(3);
    for (const v of released) expect(v.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('seeds only once', async () => {
    expect(await seedIfEmpty(database.db, { pharmacyEmailDomain: 'pharmacy.test' })).toBe(false);
  });
});
