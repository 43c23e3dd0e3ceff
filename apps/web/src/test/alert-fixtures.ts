import {
  type AnyAlert,
  AnyAlertSchema,
  allActionKeys,
  askActionKeys,
  ENDPOINTS,
  FacilitiesAnswerSchema,
  type Facility,
  PagedAlertListSchema,
  PharmaciesAnswerSchema,
  READ_PERMISSIONS,
  toPermissionMap,
  unpagedAlertListSchema,
  type Widget,
} from '@portal/domain';
import { type FakeApi, fail, ok } from './fake-api.ts';

let nextId = 1;

/** An alert of any widget, parsed by the domain schema; `extra` carries the widget's own fields. */
export function alertFixture(
  overrides: Partial<AnyAlert> = {},
  extra: Record<string, unknown> = {},
): AnyAlert {
  const id = overrides._internalID ?? nextId++;
  return AnyAlertSchema.parse({
    _internalID: id,
    _internalUUID: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    rxGuid: `guid-${id}`,
    rxNo: `RX${id}`,
    _generatedID: `1-RX${id}`,
    patName: `Patient ${id}`,
    facID: 101,
    facName: 'Meadowbrook Care Center',
    pharmID: 'sprx',
    drugLabelName: 'Apixaban 5 mg tablet',
    qty: 30,
    orgQty: 30,
    daysSupply: 30,
    orgDaysSupply: 30,
    ttlPrice: 1234.5,
    dispenseDt: '2026-11-01T10:00:00.000Z',
    dateCreated: '2026-11-02T10:00:00.000Z',
    nsid: 'NS1',
    nsName: '1 West',
    room: '101',
    bed: 'A',
    srxStatus: null,
    pharmacyStatus: null,
    displayStatus: 'new',
    readByFaci: true,
    hasUnreadReply: false,
    requestedActions: [],
    archiveDtTm: null,
    _internalArchiveID: null,
    ...overrides,
    ...extra,
  });
}

const ALL_READ = Object.values(READ_PERMISSIONS);

/** Facility 101 (every permission) or 102 (Discuss and manual marking only), as the demo world has them. */
export function facilityFixture(facID: 101 | 102): Facility {
  const keys =
    facID === 101
      ? [...allActionKeys(), ...ALL_READ]
      : [...askActionKeys(), READ_PERMISSIONS.readManually, READ_PERMISSIONS.unreadManually];
  return {
    facID,
    facName: facID === 101 ? 'Meadowbrook Care Center' : 'Meadowbrook East',
    pharmID: 'sprx',
    facState: 'NJ',
    userRole: 'Nursing',
    permissions: toPermissionMap(keys),
    facilitySettings: [],
    facilitySettingsVersions: { highCost: 'highCost-1', highCostAlerts: 'highCostAlerts-1' },
    facilityContacts: [],
  };
}

/** The viewer's sprx pharmacy as `GET /pharmacies` answers it: their role and own keys there, every action key. */
export function pharmacyFixture(userPermissions: readonly string[] = [], userRole = '') {
  return {
    pharmID: 'sprx',
    pharmName: 'SpecialtyRx Garden State',
    pharmState: 'NJ',
    userRole,
    facilities: [],
    userPermissions: toPermissionMap(userPermissions),
    pharmPermissions: toPermissionMap(allActionKeys()),
  };
}

/** Answers /facilities and /pharmacies for a viewer of 101 and 102 at the sprx pharmacy. */
export function withOrganisations(api: FakeApi, userPermissions: string[] = []): FakeApi {
  return api
    .on('GET', ENDPOINTS.facilities, () =>
      ok(FacilitiesAnswerSchema, { facilities: [facilityFixture(101), facilityFixture(102)] }),
    )
    .on('GET', ENDPOINTS.pharmacies, () =>
      ok(PharmaciesAnswerSchema, { pharmacies: [pharmacyFixture(userPermissions)] }),
    );
}

/** Answers a widget's detail call for this alert (and a 404 for anything else). */
export function withDetail(
  api: FakeApi,
  widget: Widget,
  identifier: string,
  alert: AnyAlert | null,
): FakeApi {
  const path = ENDPOINTS.alertDetail.replace(':key', widget.key).replace(':identifier', identifier);
  return api.on('GET', path, () =>
    alert ? { status: 200, body: { alert } } : fail(404, 'No Active Alert Found', 'NOT_FOUND'),
  );
}

/** A list answer of a widget in its own shape (paged or under its list key). */
export function listAnswer(
  widget: Widget,
  alerts: AnyAlert[],
  count = alerts.length,
  cursor: string | null = null,
) {
  const body = { cursor, count, nextPage: cursor ? 2 : null, timeStamp: '2026-11-02T10:00:00.000Z' };
  return widget.paged
    ? ok(PagedAlertListSchema, { ...body, results: alerts })
    : ok(unpagedAlertListSchema(widget.listKey), { ...body, [widget.listKey]: alerts });
}
