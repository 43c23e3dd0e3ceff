import { FACILITY_ROLES, PHARMACY_ROLES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, BILLING, DON, NURSE, PHARMACIST, SUPER, SYSADMIN } from '../../test/demo-accounts.ts';
import {
  ANONYMOUS,
  type Caller,
  callers,
  emailOf,
  expectSameAsMissing,
  idText,
  junkText,
  junkValue,
  mostly,
  queryOf,
  settings,
  sometimes,
  spoiled,
} from '../../test/fuzz.ts';
import {
  DEMO_EMAILS,
  type FuzzRequest,
  FuzzWorld,
  OPEN_SESSIONS,
  wholeTable,
} from '../../test/fuzz-world.ts';

/**
 * The house rule (test/fuzz-world.ts: FuzzWorld.probe) for facility-user and pharmacy-user administration, over
 * generated hostile but plausible input from every demo account, anonymous and signed out: never a 5xx; a refusal a
 * JSON `{ message, code }` that changes nothing; a user or facility of another tenant answered as a missing one;
 * nobody lists, changes, deletes or signs out someone of another tenant. Calls aim at the demo accounts and at
 * extra accounts of every facility and pharmacy (the demo world's accounts are put back after each change).
 */

let w: FuzzWorld;
/** Extra accounts: facility users at 101, 101 and 102, 201, 301; pharmacy users at sprx, upny, ohio, sprx and upny. */
const EXTRA = {
  facility: [
    ['extra.a@meadowbrook.test', [101]],
    ['extra.b@meadowbrook.test', [101, 102]],
    ['extra.c@lakeside.test', [201]],
    ['extra.d@buckeye.test', [301]],
  ],
  pharmacy: [
    ['extra.p1@pharmacy.test', ['sprx']],
    ['extra.p2@pharmacy.test', ['upny']],
    ['extra.p3@pharmacy.test', ['ohio']],
    ['extra.p4@pharmacy.test', ['sprx', 'upny']],
  ],
} as const;
const EXTRA_EMAILS = [...EXTRA.facility, ...EXTRA.pharmacy].map(([email]) => email);
const TARGETS = [...DEMO_EMAILS, ...EXTRA_EMAILS];
const FACILITY_IDS = [101, 102, 201, 301];
const PHARMACY_IDS = ['sprx', 'upny', 'ohio', 'parx'];
const MISSING_EMAIL = 'no.such.person@meadowbrook.test';
const MISSING_FACILITY = 999;
const MISSING_PHARMACY = 'nope';

beforeAll(async () => {
  w = await FuzzWorld.open();
  const hash = sql`(select password_hash from users where email = ${NURSE})`;
  for (const [email, facIds] of EXTRA.facility) {
    await w.db.execute(sql`insert into users (email, display_name, user_type, password_hash)
      values (${email}, ${`Extra ${email.slice(6, 7).toUpperCase()}`}, 'FacilityUser', ${hash})`);
    for (const facId of facIds)
      await w.db.execute(sql`insert into facility_memberships (user_id, fac_id, role)
        select id, ${facId}, 'Nursing' from users where email = ${email}`);
  }
  for (const [email, pharmIds] of EXTRA.pharmacy) {
    await w.db.execute(sql`insert into users (email, display_name, user_type, password_hash)
      values (${email}, ${`Extra ${email.slice(6, 8).toUpperCase()}`}, 'PharmacyUser', ${hash})`);
    for (const pharmId of pharmIds)
      await w.db.execute(sql`insert into pharmacy_memberships (user_id, pharm_id, role)
        select id, ${pharmId}, 'Billing' from users where email = ${email}`);
  }
  await w.protect(EXTRA_EMAILS);
  const emails = sql.join(
    TARGETS.map((e) => sql`${e}`),
    sql`, `,
  );
  placed = await w.q<{ email: string; entity: string | number }>(sql`
    select u.email, m.fac_id::text as entity from users u join facility_memberships m on m.user_id = u.id
      where u.email in (${emails})
    union all
    select u.email, m.pharm_id from users u join pharmacy_memberships m on m.user_id = u.id where u.email in (${emails})`);
  placed = placed.map((p) => ({
    email: p.email,
    entity: /^\d+$/.test(String(p.entity)) ? Number(p.entity) : p.entity,
  }));
});

/** Who holds a role where: the person and place most calls name together. */
let placed: { email: string; entity: string | number }[] = [];
afterAll(async () => w?.close());

/** What a user call writes: people, their roles and sessions. */
const USER_WRITES = [
  wholeTable('users'),
  wholeTable('facility_memberships'),
  wholeTable('pharmacy_memberships'),
  OPEN_SESSIONS,
];

/** The facility an id names, if it is one (for the twin with a missing one). */
const facilityOf = (value: unknown) => {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return FACILITY_IDS.includes(id) ? id : null;
};

/**
 * The same request aimed at what does not exist, when it names someone or somewhere of another tenant: the person
 * (by email) replaced by one nobody has, else the facility or pharmacy replaced by one that does not exist.
 */
function missingTwin(
  caller: Caller,
  body: unknown,
  entityFields: readonly string[],
  byEmail = true,
): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  const email = byEmail && typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : null;
  if (email && w.hiddenEmails.get(caller)?.has(email)) return { ...fields, email: MISSING_EMAIL };
  for (const field of entityFields) {
    const value = fields[field];
    const facId = facilityOf(value);
    if (facId !== null && !w.sees(caller, facId))
      return { ...fields, [field]: typeof value === 'string' ? String(MISSING_FACILITY) : MISSING_FACILITY };
    if (typeof value === 'string' && PHARMACY_IDS.includes(value) && !w.seesPharmacy(caller, value))
      return { ...fields, [field]: MISSING_PHARMACY };
  }
  return null;
}

/** Probes a request; when it names another tenant's person or place, checks it is answered as a missing one. */
async function probeWithTwin(request: FuzzRequest, entityFields: readonly string[]) {
  const response = await w.probe(request, { writes: USER_WRITES });
  // Creating a user says whether an email is taken, whoever's it is: there the person is no twin.
  const byEmail = !/create/.test(request.url);
  const twin =
    request.caller === ANONYMOUS ? null : missingTwin(request.caller, request.body, entityFields, byEmail);
  if (twin)
    expectSameAsMissing(
      response,
      await w.send({ ...request, body: twin }),
      `${request.url} ${JSON.stringify(request.body)}`,
    );
  return response;
}

const target = emailOf(TARGETS);
const facilityRole = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...FACILITY_ROLES.map((r) => r.name)) },
  { weight: 1, arbitrary: fc.constantFrom('SysAdmin', 'nursing', 'SuperAdmin', '', 'toString') },
);
const pharmacyRole = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PHARMACY_ROLES.map((r) => r.name)) },
  { weight: 1, arbitrary: fc.constantFrom('facilityadmin', 'sysadmin', 'SuperAdmin', '', ' Billing') },
);
const facilityId = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<unknown>(...FACILITY_IDS, ...FACILITY_IDS.map(String)) },
  { weight: 1, arbitrary: idText([...FACILITY_IDS, MISSING_FACILITY]) },
);
const pharmacyId = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PHARMACY_IDS) },
  { weight: 1, arbitrary: fc.constantFrom('SPRX', ' sprx', '', '__proto__', 'x'.repeat(41)) },
);
/** An entity a user call goes through: a facility id, or a pharmacy id for a pharmacy user. */
const entityId = fc.oneof({ weight: 3, arbitrary: facilityId }, { weight: 1, arbitrary: pharmacyId });
const password = mostly(
  ['fresh-pass-1', 'another-pass-2'],
  ['short', '', 'x'.repeat(201), 'pass\u202eword-1'],
);
const newEmail = (domain: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat(40).map((n) => `fresh.${n}@${domain}`) },
    { weight: 1, arbitrary: target },
  );
const phone = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('(973) 555-0100', '9735550100', '') },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('973-555-01', '+1 973 555 0100 ext 9'), junkText) },
);

/** The email as sent: mostly as it is, now and then in capitals or with spaces round it (the same person). */
const asSent = (email: string) => mostly([email], [email.toUpperCase(), ` ${email} `]);

/**
 * A person and a place to name: mostly where the person holds a role (a facility, or a pharmacy for pharmacy
 * staff), else any person and place; the facility id as a number or as digits.
 */
const placement = (kind: 'facility' | 'pharmacy' | 'any') => {
  const real = placed.filter(
    (p) => kind === 'any' || (kind === 'facility') === (typeof p.entity === 'number'),
  );
  const anyPlace = kind === 'pharmacy' ? pharmacyId : kind === 'facility' ? facilityId : entityId;
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.constantFrom(...real) },
      { weight: 1, arbitrary: fc.record({ email: target, entity: anyPlace }) },
    )
    .chain(({ email, entity }) =>
      fc.record({
        email: asSent(email),
        entity:
          typeof entity === 'number' ? mostly<unknown>([entity], [String(entity)], 2) : fc.constant(entity),
      }),
    );
};

// ---------------------------------------------------------------------------------------------------------------
// Facility users.

const facilityUserCall = () =>
  fc.oneof(
    fc.record({
      url: fc.constant('/api/createuser'),
      fields: fc.constant(['faciID']),
      body: fc
        .record(
          {
            email: newEmail('meadowbrook.test'),
            password: fc.constant('fresh-pass-1'),
            displayName: mostly(['Fresh Person', 'Ünïcode Name'], ['  ', 'x'.repeat(101)]),
            phone,
            userRole: facilityRole,
            UserRole: facilityRole,
            Title: mostly(['RN', ''], ['x'.repeat(101)]),
            faciID: facilityId,
            userType: mostly(['FacilityUser'], ['PharmacyUser']),
            confirmPassword: mostly(['fresh-pass-1'], ['other-pass-1', '']),
          },
          { requiredKeys: ['email', 'password', 'displayName', 'userRole', 'faciID'] },
        )
        .chain((body) => spoiled(body, { password, email: target })),
    }),
    fc.record({
      url: fc.constant('/api/edituser'),
      fields: fc.constant(['entityID']),
      body: fc
        .record({ at: placement('facility'), userRole: facilityRole })
        .chain(({ at, userRole }) => spoiled({ entityID: at.entity, email: at.email, userRole })),
    }),
    fc.record({
      url: fc.constant('/api/removefacility'),
      fields: fc.constant(['facID']),
      body: placement('facility').chain((at) => spoiled({ email: at.email, facID: at.entity })),
    }),
    fc.record({
      url: fc.constant('/api/adduserfacilities'),
      fields: fc.constant([]),
      body: fc
        .record({
          email: placement('facility').map((at) => at.email),
          entities: fc.array(fc.record({ entityID: facilityId, userRole: facilityRole }), {
            minLength: 1,
            maxLength: 3,
          }),
        })
        .chain((body) =>
          spoiled(body, { entities: fc.oneof(fc.constant([]), fc.array(junkValue, { maxLength: 2 })) }),
        ),
    }),
    fc.record({
      url: fc.constant('/api/deleteuser'),
      fields: fc.constant(['entityId']),
      body: fc
        .record({ at: placement('any'), UserId: sometimes(idText([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])) })
        .chain(({ at, UserId }) =>
          spoiled({ email: at.email, entityId: at.entity, ...(UserId === undefined ? {} : { UserId }) }),
        ),
    }),
    fc.record({
      url: fc.constant('/api/adminpwdreset'),
      fields: fc.constant(['entityId']),
      body: placement('any').chain((at) =>
        spoiled(
          { email: at.email, entityId: at.entity, password: 'fresh-pass-1', confirmPassword: 'fresh-pass-1' },
          { password, confirmPassword: password },
        ),
      ),
    }),
    fc.record({
      url: fc.constant('/api/edituserinfo'),
      fields: fc.constant(['entityId']),
      body: fc
        .record({
          at: placement('any'),
          displayName: mostly(['Renamed Person', '   Spaced   '], ['abc', '']),
          phone,
          UserRole: sometimes(facilityRole, 2),
        })
        .chain(({ at, UserRole, ...rest }) =>
          spoiled({
            email: at.email,
            entityId: at.entity,
            ...rest,
            ...(UserRole === undefined ? {} : { UserRole }),
          }),
        ),
    }),
  );

describe('the facility-user administration calls, under generated bodies', () => {
  it('never answer 5xx; a refusal writes nothing; another tenant’s user or facility is a missing one', async () => {
    const request = fc.record({
      caller: callers(ADMIN, ADMIN, DON, DON, NURSE, SYSADMIN, PHARMACIST, BILLING, SUPER),
      call: facilityUserCall(),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, call }) => {
        const response = await probeWithTwin(
          { caller, method: 'POST', url: call.url, body: call.body },
          call.fields,
        );
        if (response.statusCode < 300)
          expect([NURSE, PHARMACIST, BILLING], `${caller} ${call.url}`).not.toContain(caller);
      }),
      settings(400, 301),
    );
  }, 180_000);
});

describe('the facility-user lists, under generated queries', () => {
  it('never answer 5xx, list only users of visible facilities, and another tenant’s as a missing one', async () => {
    const request = fc.record({
      caller: callers(...DEMO_EMAILS, DON),
      call: fc.oneof(
        fc.record({ path: fc.constant('/api/getusers'), params: fc.constant<[string, string][]>([]) }),
        fc.record({
          path: fc.constant('/api/facilityusers'),
          params: fc.oneof(
            {
              weight: 4,
              arbitrary: idText([...FACILITY_IDS, 999]).map((id): [string, string][] => [['faciId', id]]),
            },
            {
              weight: 1,
              arbitrary: fc.array(fc.tuple(fc.constantFrom('faciId', 'x'), junkText), { maxLength: 2 }),
            },
          ),
        }),
        fc.record({
          path: fc.constant('/api/userfacilities'),
          params: fc.oneof(
            { weight: 4, arbitrary: target.map((email): [string, string][] => [['email', email]]) },
            {
              weight: 1,
              arbitrary: fc.array(fc.tuple(fc.constantFrom('email', 'x'), junkText), { maxLength: 2 }),
            },
          ),
        }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, call }) => {
        const url = `${call.path}${queryOf(call.params)}`;
        const response = await w.probe({ caller, method: 'GET', url }, { writes: [] });
        const [only] = call.params;
        if (call.params.length !== 1 || !only || caller === ANONYMOUS) return;
        const twin = missingTwin(caller, { [only[0] === 'email' ? 'email' : 'faciId']: only[1] }, ['faciId']);
        if (twin)
          expectSameAsMissing(
            response,
            await w.send({
              caller,
              method: 'GET',
              url: `${call.path}${queryOf(Object.entries(twin as object))}`,
            }),
            url,
          );
      }),
      settings(150, 302),
    );
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Pharmacy users.

const pharmacyUserCall = () =>
  fc.oneof(
    fc.record({
      url: fc.constant('/api/createpharmuser'),
      fields: fc.constant([]),
      body: fc
        .record(
          {
            pharmID: fc.array(pharmacyId, { minLength: 1, maxLength: 2 }),
            UserRole: pharmacyRole,
            phone,
            UserType: mostly(['PharmacyUser'], ['FacilityUser']),
            title: mostly(['RPh', ''], ['x'.repeat(101)]),
            displayName: mostly(['Fresh Pharmacist'], ['', ' ']),
            email: newEmail('pharmacy.test'),
            password,
          },
          { requiredKeys: ['pharmID', 'UserRole', 'displayName', 'email', 'password'] },
        )
        .chain((body) =>
          spoiled(body, {
            pharmID: fc.oneof(pharmacyId, fc.constant([]), fc.array(junkValue, { maxLength: 2 })),
          }),
        ),
    }),
    fc.record({
      url: fc.constant('/api/adduserpharmacies'),
      fields: fc.constant([]),
      body: fc
        .record({
          email: placement('pharmacy').map((at) => at.email),
          entities: fc.array(fc.record({ entityid: pharmacyId, userRole: pharmacyRole }), {
            minLength: 1,
            maxLength: 2,
          }),
        })
        .chain((body) => spoiled(body)),
    }),
    fc.record({
      url: fc.constant('/api/removepharmacy'),
      fields: fc.constant(['pharmID']),
      body: placement('pharmacy').chain((at) => spoiled({ email: at.email, pharmID: at.entity })),
    }),
  );

describe('the pharmacy-user administration calls, under generated bodies and queries', () => {
  it('never answer 5xx; a refusal writes nothing; another pharmacy’s user or pharmacy is a missing one', async () => {
    const request = fc.record({
      caller: callers(SYSADMIN, SYSADMIN, PHARMACIST, BILLING, SUPER, ADMIN, DON),
      call: fc.oneof(
        { weight: 3, arbitrary: pharmacyUserCall().map((call) => ({ ...call, method: 'POST' as const })) },
        {
          weight: 1,
          arbitrary: fc
            .oneof(
              fc.record({ path: fc.constant('/api/getpharmacyusers'), email: fc.constant(undefined) }),
              fc.record({ path: fc.constant('/api/userpharmacies'), email: fc.oneof(target, junkText) }),
            )
            .map((call) => ({ ...call, method: 'GET' as const })),
        },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ caller, call }) => {
        if (call.method === 'POST') {
          const response = await probeWithTwin(
            { caller, method: 'POST', url: call.url, body: call.body },
            call.fields,
          );
          if (response.statusCode < 300) expect([SYSADMIN, SUPER], `${caller} ${call.url}`).toContain(caller);
          return;
        }
        const url = `${call.path}${call.email === undefined ? '' : queryOf([['email', call.email]])}`;
        const response = await w.probe({ caller, method: 'GET', url }, { writes: [] });
        const twin =
          call.email === undefined || caller === ANONYMOUS
            ? null
            : missingTwin(caller, { email: call.email }, []);
        if (twin)
          expectSameAsMissing(
            response,
            await w.send({
              caller,
              method: 'GET',
              url: `${call.path}${queryOf([['email', MISSING_EMAIL]])}`,
            }),
            url,
          );
      }),
      settings(250, 303),
    );
  }, 180_000);
});
