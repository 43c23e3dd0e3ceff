/** The milestones of a flat high cost alert, in the order they are reached, with the label of each stage. */
export const HIGH_COST_STAGES = [
  { field: 'entered', label: 'Entered' },
  { field: 'initReview', label: 'Initial Review' },
  { field: 'labelPrintedOn', label: 'Label Printed On' },
  { field: 'packed', label: 'Packed' },
  { field: 'checked', label: 'Checked' },
  { field: 'placedInTote', label: 'Placed In Tote' },
] as const;

export type HighCostMilestones = Partial<Record<(typeof HIGH_COST_STAGES)[number]['field'], string | null>>;

/** The stage of a high cost alert: the last milestone, in order, that is not null; null when none is reached. */
export function highCostStage(alert: HighCostMilestones): string | null {
  let stage: string | null = null;
  for (const { field, label } of HIGH_COST_STAGES) {
    if (alert[field] !== null && alert[field] !== undefined) stage = label;
  }
  return stage;
}

/** Flags of a high cost alert that decide its status badge. */
export interface HighCostFlags {
  posted?: boolean | null;
  deleted?: boolean | null;
  profileOnly?: boolean | null;
}

/** The status badge of a high cost alert, by priority: POSTED, then DELETED, then PROFILED; null for none. */
export function highCostStatus(flags: HighCostFlags): 'POSTED' | 'DELETED' | 'PROFILED' | null {
  if (flags.posted) return 'POSTED';
  if (flags.deleted) return 'DELETED';
  if (flags.profileOnly) return 'PROFILED';
  return null;
}

/** Badge colour of a high cost status. */
export function highCostStatusColor(status: ReturnType<typeof highCostStatus>): 'green' | 'red' | 'gray' {
  if (status === 'POSTED') return 'green';
  if (status === 'DELETED') return 'red';
  return 'gray';
}
