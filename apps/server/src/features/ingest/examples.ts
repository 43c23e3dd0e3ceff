import type { WidgetKey } from '@portal/domain';

const common = {
  rxNo: '7004512',
  facID: 101,
  patName: 'Example, Pat',
  drugLabelName: 'Apixaban 5 mg tablet',
  qty: 60,
  daysSupply: 30,
  ttlPrice: 612.4,
  dispenseDt: '2026-11-02T09:30:00Z',
  dateCreated: '2026-11-02T10:00:00Z',
  nsid: 'NS1',
  nsName: 'North Wing',
  room: '112',
  bed: 'A',
};

/** One alert of each widget as a pharmacy system sends it: the OpenAPI examples, and tested to be accepted. */
export const INGEST_EXAMPLES: Record<WidgetKey, Record<string, unknown>> = {
  highCost: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0001',
    ...common,
    pharmacyStatus: 'Pending Authorization',
    authBy: 'DON',
    minQtyDisp: 15,
    invoiceGrp: 'MEDICARE A',
  },
  highCostAlerts: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0002',
    ...common,
    entered: '2026-11-02T10:00:00Z',
    initReview: '2026-11-02T12:30:00Z',
    labelPrintedOn: null,
    posted: false,
  },
  openBatch: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0003',
    ...common,
    sig: 'Take 1 tablet by mouth twice daily',
    openBatchCommentList: [
      {
        qerDescription: 'DUR: drug-drug interaction',
        loggedDateTime: '2026-11-02T10:05:00Z',
        comment: 'Interaction with warfarin flagged. Please confirm with the prescriber.',
      },
    ],
  },
  nonCovered: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0004',
    ...common,
    nonCoveredCommentList: [
      { loggedDateTime: '2026-11-02T10:05:00Z', comment: 'Plan rejected: product not on formulary (75).' },
    ],
  },
  priorAuth: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0005',
    ...common,
    pharmacyStatus: 'pending',
    billingComment: 'PA submitted to the plan; awaiting determination.',
  },
  theraInt: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0006',
    ...common,
    prescribedDrugName: 'Eliquis 5 mg tablet',
  },
  admissionMeds: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0007',
    ...common,
    drugLabelName: '2 medications',
    ttlPrice: null,
    admissionMedsGroupID: 'ADM-7004512',
    admDate: '2026-11-01',
    sumTtlPrice: 95.1,
    admissionMedsDetailsList: [
      {
        rxNo: '70045120',
        drug: 'Metformin 500 mg tablet',
        dispenseDt: '2026-11-02T09:30:00Z',
        daysSupply: 30,
        qty: 60,
        ttlPrice: 12.6,
      },
      {
        rxNo: '70045121',
        drug: 'Lisinopril 10 mg tablet',
        dispenseDt: '2026-11-02T09:30:00Z',
        daysSupply: 30,
        qty: 30,
        ttlPrice: 82.5,
      },
    ],
  },
  patMissing: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0008',
    ...common,
    comment: 'Resident not on facility census',
  },
  refillTooSoon: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0009',
    ...common,
    sig: 'Take 1 tablet by mouth daily',
    filledOn: '2026-10-20T09:00:00Z',
    receivedOn: '2026-11-02T10:00:00Z',
    dueOn: '2026-11-16T09:00:00Z',
  },
  pumpPickup: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0010',
    ...common,
    sig: 'Infuse continuously via pump',
    serialNumber: 'CADD-4412345',
    comment: 'Courier to pick up pump on next run',
    parentRxNumber: '7003999',
    dispensedOn: '2026-10-26T09:00:00Z',
    cutoffOn: '2026-11-09T09:00:00Z',
  },
  narcoticsRefill: {
    _internalUUID: '0b6f8f5e-2d2c-4a7e-9a51-3c2f1e0a0011',
    ...common,
    drugLabelName: 'Oxycodone 5 mg tablet',
    sig: 'Take 1 tablet every 6 hours as needed for pain',
    physicianName: 'Dr. Example',
    totalQtyPrescribed: 120,
    fills: 2,
    createdAt: '2026-10-03T09:00:00Z',
  },
};
