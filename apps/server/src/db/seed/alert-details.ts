import type { WidgetKey } from '@portal/domain';
import { COMMON_DRUGS, PRESCRIBERS, type SeedDrug } from './catalog.ts';
import { cents, daysAfter, daysBefore, type Random } from './random.ts';

/** High cost alert milestones in order; the stage is the last one that is not null (spec 1, section 4). */
export const HCA_STAGES = [
  'entered',
  'initReview',
  'labelPrintedOn',
  'packed',
  'checked',
  'placedInTote',
] as const;

/** High cost alert status flags, in badge priority order: POSTED, DELETED, PROFILED. */
export const HCA_BADGES = ['posted', 'deleted', 'profileOnly'] as const;

/** What the widget-specific builder knows about the alert being made. */
export interface DetailContext {
  readonly rng: Random;
  readonly widget: WidgetKey;
  readonly rxNo: string;
  readonly drug: SeedDrug;
  readonly qty: number;
  readonly daysSupply: number;
  readonly dateCreated: Date;
  readonly dispenseDt: Date;
  readonly archiveId: number | null;
  /** High cost alerts: index into HCA_STAGES of the last milestone reached. */
  readonly stage: number;
  /** High cost alerts: which status flag is set, if any. */
  readonly badge: (typeof HCA_BADGES)[number] | null;
}

/** Widget fields under the spec's wire names (1-alerts.md section 3), plus any typed column they decide. */
export interface WidgetFields {
  details: Record<string, unknown>;
  columns?: { groupId?: string; ttlPrice?: number; drugLabelName?: string; pharmacyStatus?: string };
}

const iso = (d: Date) => d.toISOString();
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

const QER = [
  'DUR: drug-drug interaction',
  'DUR: duplicate therapy',
  'DUR: allergy alert',
  'Missing directions',
];
const CLARIFY = [
  'Please confirm dose with prescriber; interaction with warfarin flagged.',
  'Order lacks frequency. Please clarify directions.',
  'Patient chart lists a sulfa allergy. Please confirm the order.',
  'Duplicate therapy with the current statin. Continue both?',
];
const NON_COVERED = [
  'Plan rejected: product not on formulary (75).',
  'Prior authorization required by the Part D plan.',
  'Formulary alternative suggested: please review.',
  'Rejected: plan limitations exceeded (76).',
];
const BILLING = [
  'PA submitted to the plan via CoverMyMeds; awaiting determination.',
  'Plan requests chart notes documenting failed first-line therapy.',
  'PA approved through the end of the year.',
  'Fax sent to prescriber for PA criteria form.',
];
const PUMP_COMMENTS = [
  'Pump due back after therapy ends',
  'Courier to pick up pump on next run',
  'Therapy discontinued',
];

const pickComments = (rng: Random, texts: readonly string[], from: Date, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    loggedDateTime: iso(new Date(from.getTime() + i * 3_600_000)),
    comment: rng.pick(texts),
  }));

/** Builds a widget's own fields for one alert. */
export function widgetFields(ctx: DetailContext): WidgetFields {
  const { rng } = ctx;
  switch (ctx.widget) {
    case 'highCost':
      return {
        details: {
          authBy: rng.pick(['', 'RN supervisor', 'DON', 'Administrator']),
          minQtyDisp: Math.max(1, Math.round(ctx.qty / 4)),
          invoiceGrp: rng.pick(['MEDICARE A', 'MEDICAID', 'PRIVATE PAY', 'HOSPICE']),
        },
        columns: { pharmacyStatus: rng.pick(['Pending Authorization', 'On Hold', 'Awaiting Facility']) },
      };
    case 'highCostAlerts':
      return { details: highCostAlertDetails(ctx) };
    case 'openBatch':
      return {
        details: {
          sig: ctx.drug.sig,
          openBatchCommentList: pickComments(rng, CLARIFY, ctx.dateCreated, rng.int(1, 3)).map((c) => ({
            qerDescription: rng.pick(QER),
            ...c,
          })),
        },
      };
    case 'nonCovered':
      return {
        details: { nonCoveredCommentList: pickComments(rng, NON_COVERED, ctx.dateCreated, rng.int(1, 3)) },
      };
    case 'priorAuth':
      return {
        details: { billingComment: rng.pick(BILLING) },
        columns: { pharmacyStatus: rng.pick(['pending', 'pending', 'approved', 'submitted']) },
      };
    case 'theraInt':
      return { details: { prescribedDrugName: rng.pick(THERA_BRANDS) } };
    case 'admissionMeds':
      return admissionFields(ctx);
    case 'refillTooSoon': {
      const filledOn = daysBefore(ctx.dateCreated, rng.int(3, 20));
      return {
        details: {
          sig: ctx.drug.sig,
          filledOn: iso(filledOn),
          receivedOn: iso(ctx.dateCreated),
          dueOn: iso(daysAfter(filledOn, ctx.daysSupply - 3)),
        },
      };
    }
    case 'pumpPickup':
      return {
        details: {
          serialNumber: `CADD-${rng.int(10, 99)}${rng.digits(5)}`,
          comment: rng.pick(PUMP_COMMENTS),
          parentRxNumber: String(Number(ctx.rxNo) - rng.int(1, 900)),
          dispensedOn: iso(ctx.dispenseDt),
          cutoffOn: iso(daysAfter(ctx.dispenseDt, ctx.daysSupply)),
          sig: ctx.drug.sig,
        },
      };
    case 'narcoticsRefill': {
      const fills = rng.int(1, 4);
      return {
        details: {
          physicianName: rng.pick(PRESCRIBERS),
          totalQtyPrescribed: ctx.qty * (fills + rng.int(0, 2)),
          fills,
          createdAt: iso(daysBefore(ctx.dateCreated, ctx.daysSupply * fills)),
        },
      };
    }
    case 'patMissing':
      return {
        details: {
          comment: rng.pick(['Resident not on facility census', 'Discharged per census; order still active']),
        },
      };
  }
}

const THERA_BRANDS = [
  'Eliquis 5 mg tablet',
  'Crestor 10 mg tablet',
  'Nexium 40 mg capsule',
  'Zetia 10 mg tablet',
];

function highCostAlertDetails(ctx: DetailContext): Record<string, unknown> {
  const milestones: Record<string, string | null> = {};
  HCA_STAGES.forEach((name, i) => {
    milestones[name] = i <= ctx.stage ? iso(new Date(ctx.dateCreated.getTime() + i * 2.5 * 3_600_000)) : null;
  });
  return {
    highCostAlertsId: Number(ctx.rxNo),
    highCostAlertsArchiveId: ctx.archiveId,
    ...milestones,
    posted: ctx.badge === 'posted',
    deleted: ctx.badge === 'deleted',
    profileOnly: ctx.badge === 'profileOnly',
  };
}

function admissionFields(ctx: DetailContext): WidgetFields {
  const { rng } = ctx;
  const admDate = daysBefore(ctx.dateCreated, rng.int(0, 2));
  const meds = Array.from({ length: rng.int(3, 7) }, (_, i) => {
    const drug = rng.pick(COMMON_DRUGS);
    return {
      rxNo: String(Number(ctx.rxNo) * 10 + i),
      drug: drug.label,
      dispenseDt: iso(ctx.dispenseDt),
      daysSupply: drug.daysSupply,
      qty: drug.qty,
      ttlPrice: cents(drug.qty * drug.unitPrice * rng.int(8, 14)),
    };
  });
  const sumTtlPrice = cents(meds.reduce((sum, m) => sum + m.ttlPrice, 0));
  const groupId = `ADM-${ctx.rxNo}`;
  return {
    details: {
      admissionMedsGroupID: groupId,
      admDate: dateOnly(admDate),
      sumTtlPrice,
      admissionMedsDetailsList: meds,
    },
    columns: { groupId, ttlPrice: sumTtlPrice, drugLabelName: `${meds.length} medications` },
  };
}
