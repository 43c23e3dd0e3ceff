import { type WidgetKey, widgetByKey } from '@portal/domain';
import type { alertActions, alerts } from '../schema/index.ts';
import { type DetailContext, HCA_BADGES, HCA_STAGES, widgetFields } from './alert-details.ts';
import {
  COMMON_DRUGS,
  HIGH_COST_DRUGS,
  makePatient,
  NARCOTIC_DRUGS,
  PUMP_DRUGS,
  type SeedDrug,
} from './catalog.ts';
import { cents, type Random } from './random.ts';

/** A row of `alerts` ready to insert. */
export type AlertRow = typeof alerts.$inferInsert;
/** A row of `alert_actions` without its alert id (known only after the alert is inserted). */
export type ActionRow = Omit<typeof alertActions.$inferInsert, 'alertId'>;

/** The facility an alert belongs to. */
export interface FacilityRef {
  readonly facId: number;
  readonly name: string;
  readonly pharmId: string;
}

/** What the caller decides about one alert; the rest is drawn from the generator. */
export interface AlertSpec {
  readonly widget: WidgetKey;
  readonly rxNo: string;
  readonly dateCreated: Date;
  readonly readByFaci: boolean | null;
  readonly archive?: { readonly at: Date; readonly id: number } | null;
  /** High cost alerts: last milestone reached (index into HCA_STAGES); random when absent. */
  readonly stage?: number;
  readonly badge?: (typeof HCA_BADGES)[number] | null;
  /** High cost alerts: the pharmacy changed quantity and days supply, so orgQty/orgDaysSupply differ. */
  readonly changedQty?: boolean;
  /** The facility's last answer (an action value), shown as srxStatus. */
  readonly srxStatus?: string | null;
}

const DRUGS_BY_WIDGET: Partial<Record<WidgetKey, readonly SeedDrug[]>> = {
  highCost: HIGH_COST_DRUGS,
  highCostAlerts: HIGH_COST_DRUGS,
  priorAuth: HIGH_COST_DRUGS,
  narcoticsRefill: NARCOTIC_DRUGS,
  pumpPickup: PUMP_DRUGS,
};

/** Builds one alert row: common columns typed, the widget's own fields in `details`. */
export function buildAlert(rng: Random, facility: FacilityRef, spec: AlertSpec): AlertRow {
  const drug = rng.pick(DRUGS_BY_WIDGET[spec.widget] ?? COMMON_DRUGS);
  const patient = makePatient(rng);
  const orgQty = drug.qty;
  const orgDaysSupply = drug.daysSupply;
  // A changed high cost alert was cut to a shorter supply, the usual outcome of a Limit Days answer.
  const daysSupply = spec.changedQty ? Math.max(3, Math.round(orgDaysSupply / 2)) : orgDaysSupply;
  const qty = spec.changedQty ? Math.round((orgQty * daysSupply) / orgDaysSupply) : orgQty;
  const dispenseDt = new Date(spec.dateCreated.getTime() - rng.int(1, 36) * 3_600_000);
  const archive = spec.archive ?? null;
  const context: DetailContext = {
    rng,
    widget: spec.widget,
    rxNo: spec.rxNo,
    drug,
    qty,
    daysSupply,
    dateCreated: spec.dateCreated,
    dispenseDt,
    archiveId: archive?.id ?? null,
    stage: spec.stage ?? rng.int(0, HCA_STAGES.length - 1),
    badge: spec.badge !== undefined ? spec.badge : rng.chance(0.3) ? rng.pick(HCA_BADGES) : null,
  };
  const fields = widgetFields(context);
  const widget = widgetByKey(spec.widget);
  return {
    uuid: rng.uuid(),
    widget: spec.widget,
    facId: facility.facId,
    pharmId: facility.pharmId,
    rxNo: spec.rxNo,
    rxGuid: rng.uuid(),
    generatedId: `${widget.id}-${spec.rxNo}`,
    groupId: fields.columns?.groupId ?? '',
    ...patient,
    drugLabelName: fields.columns?.drugLabelName ?? drug.label,
    qty,
    orgQty,
    daysSupply,
    orgDaysSupply,
    ttlPrice: fields.columns?.ttlPrice ?? cents(qty * drug.unitPrice),
    dispenseDt,
    dateCreated: spec.dateCreated,
    srxStatus: spec.srxStatus ?? null,
    pharmacyStatus: fields.columns?.pharmacyStatus ?? null,
    readByFaci: spec.readByFaci,
    archivedAt: archive?.at ?? null,
    archiveId: archive?.id ?? null,
    details: fields.details,
    createdAt: spec.dateCreated,
    updatedAt: archive?.at ?? spec.dateCreated,
  };
}
