/**
 * The widget catalogue: the one place that spells a widget's key, id, title, routes, API calls, list key,
 * read-state call, `requestaction` widget value, action buttons and refresh schedule
 * (reconciled in shared/reference/widgets.md). Everything else derives from it.
 */

/** The action values the portal sends in `POST /requestaction` (spec 1, section 3). */
export const ACTION_VALUES = [
  'Reply',
  'approve',
  'deny',
  'approveonce',
  'submitlimit',
  'ask',
  'send',
  'donotsend',
  'limitedApproval',
] as const;
export type ActionValue = (typeof ACTION_VALUES)[number];

/** Permission verbs of `widget_{key}_Action_{verb}`. */
export type ActionVerb = 'ask' | 'approve' | 'deny' | 'limit' | 'once';

/** One button of a widget's action bar, in display order. `verb` null means no key is needed. */
export interface WidgetButton {
  readonly label: string;
  readonly action: ActionValue;
  readonly verb: ActionVerb | null;
}

const APPROVE: WidgetButton = { label: 'Approve', action: 'approve', verb: 'approve' };
const DENY: WidgetButton = { label: 'Deny', action: 'deny', verb: 'deny' };
const LIMIT: WidgetButton = { label: 'Limit Days', action: 'submitlimit', verb: 'limit' };
const ONCE: WidgetButton = { label: 'Approve Once', action: 'approveonce', verb: 'once' };
const DISCUSS: WidgetButton = { label: 'Discuss', action: 'ask', verb: 'ask' };
// Send and Do Not Send reuse the approve and deny keys (decided, widgets.md).
const SEND: WidgetButton = { label: 'Send', action: 'send', verb: 'approve' };
const DO_NOT_SEND: WidgetButton = { label: 'Do Not Send', action: 'donotsend', verb: 'deny' };
// Approve until Refill Date needs no key (spec 1, section 6).
const UNTIL_REFILL: WidgetButton = {
  label: 'Approve until Refill Date',
  action: 'limitedApproval',
  verb: null,
};

/** A widget of the dashboard and everything the code needs to know to list, show and answer its alerts. */
export interface Widget {
  readonly key: WidgetKey;
  readonly id: number;
  readonly title: string;
  /** Segment under `/alerts/`. */
  readonly path: string;
  /** Other `/alerts/` spellings the spec shows; they land on the same page. */
  readonly aliases: readonly string[];
  /** Detail page prefix, e.g. `/authorization`; null when the widget opens only as a modal. */
  readonly detailPath: string | null;
  /** Name of the identifier field in the detail route. */
  readonly identifier: 'rxNo' | 'rxNumber' | 'admissionMedsGroupID';
  /** List call under the main API base. */
  readonly listCall: string;
  /** Key of the list in the answer. */
  readonly listKey: string;
  readonly paged: boolean;
  /** Read-state call under the main API base. */
  readonly readCall: string;
  /** `widget` value in `POST /requestaction`. */
  readonly actionWidget: string;
  readonly buttons: readonly WidgetButton[];
  /** Scheduled refresh in seconds; 0 means none. */
  readonly refreshSeconds: number;
  /** First-page background poll in seconds; 0 means none. */
  readonly pollSeconds: number;
  /** Field the list sorts by when the user has not chosen one. */
  readonly defaultSort: string;
}

export const WIDGET_KEYS = [
  'highCost',
  'openBatch',
  'nonCovered',
  'priorAuth',
  'theraInt',
  'admissionMeds',
  'highCostAlerts',
  'refillTooSoon',
  'pumpPickup',
  'narcoticsRefill',
  'patMissing',
] as const;
export type WidgetKey = (typeof WIDGET_KEYS)[number];

const rx = (detailPath: string | null) =>
  ({ detailPath, identifier: 'rxNo', paged: false, pollSeconds: 0, defaultSort: 'dateCreated' }) as const;
const paged = {
  detailPath: null,
  identifier: 'rxNumber',
  paged: true,
  pollSeconds: 30,
  defaultSort: 'dateCreated',
} as const;

/** The eleven widgets, in their default dashboard order. */
export const WIDGETS: readonly Widget[] = [
  {
    key: 'highCost',
    id: 1,
    title: 'AUTHORIZATION',
    path: 'authorization',
    aliases: [],
    ...rx('/authorization'),
    listCall: '/highCost',
    listKey: 'highCostList',
    readCall: '/highcost_readByFaci',
    actionWidget: 'HighCost',
    buttons: [APPROVE, DENY, LIMIT, ONCE, DISCUSS],
    refreshSeconds: 0,
  },
  {
    key: 'openBatch',
    id: 2,
    title: 'CLARIFICATIONS',
    path: 'openBatch',
    aliases: [],
    ...rx('/clarifications'),
    listCall: '/openbatch',
    listKey: 'openBatchList',
    readCall: '/openbatch_readByFaci',
    actionWidget: 'openBatch',
    buttons: [SEND, DO_NOT_SEND, DISCUSS],
    refreshSeconds: 400,
  },
  {
    key: 'nonCovered',
    id: 3,
    title: 'NON-COVERED',
    path: 'noncovered',
    aliases: ['nonCovered'],
    ...rx('/non-covered'),
    listCall: '/nonCovered',
    listKey: 'nonCoveredList',
    readCall: '/noncovered_readByFaci',
    actionWidget: 'NonCovered',
    buttons: [DISCUSS],
    refreshSeconds: 80,
  },
  {
    key: 'priorAuth',
    id: 4,
    title: 'PRIOR AUTHORIZATION MEDICATION',
    path: 'priorauth',
    aliases: ['priorAuth'],
    ...rx('/prior-authorization-medication'),
    listCall: '/priorAuth',
    listKey: 'priorAuthList',
    readCall: '/priorauth_readByFaci',
    actionWidget: 'PriorAuth',
    buttons: [DISCUSS],
    refreshSeconds: 160,
  },
  {
    key: 'theraInt',
    id: 5,
    title: 'THERAPEUTIC INTERCHANGED',
    path: 'therapeuticint',
    aliases: [],
    ...rx('/therapeutic-interchange'),
    listCall: '/therapeuticint',
    listKey: 'therapeuticInterchangeList',
    readCall: '/therapeuticint_readByFaci',
    actionWidget: 'TherapeuticInt',
    buttons: [DISCUSS],
    refreshSeconds: 240,
  },
  {
    key: 'admissionMeds',
    id: 6,
    title: 'ADMISSION / MEDICATION REVIEW',
    path: 'admissionmeds',
    aliases: [],
    detailPath: '/admission-medication-review',
    identifier: 'admissionMedsGroupID',
    paged: false,
    pollSeconds: 0,
    defaultSort: 'admDate',
    listCall: '/admissionmeds',
    listKey: 'admissionMedsList',
    readCall: '/admissionmeds_readByFaci',
    actionWidget: 'AdmissionMeds',
    buttons: [DISCUSS],
    refreshSeconds: 320,
  },
  {
    key: 'highCostAlerts',
    id: 7,
    title: 'HIGH COST ALERTS',
    path: 'highcostalerts',
    aliases: [],
    ...rx('/highcostalerts'),
    listCall: '/highcostalerts',
    listKey: 'highCostAlertsListFlat',
    readCall: '/highcostalerts_readByFaci',
    actionWidget: 'highcostalerts',
    buttons: [APPROVE, DENY, LIMIT, DISCUSS],
    refreshSeconds: 0,
  },
  {
    key: 'refillTooSoon',
    id: 8,
    title: 'REFILL TOO SOON',
    path: 'refilltoosoon',
    aliases: ['pharmacyalerts/refilltoosoon'],
    ...paged,
    listCall: '/pharmacyalerts/refilltoosoon',
    listKey: 'results',
    readCall: '/refilltoosoon_readByFaci',
    actionWidget: 'RefillTooSoon',
    buttons: [UNTIL_REFILL, DISCUSS],
    refreshSeconds: 160,
  },
  {
    key: 'pumpPickup',
    id: 9,
    title: 'PUMP PICKUP',
    path: 'pumpPickup',
    aliases: ['pharmacyalerts/pumpPickup'],
    ...paged,
    listCall: '/pharmacyalerts/pumpPickup',
    listKey: 'results',
    readCall: '/pumppickup_readByFaci',
    actionWidget: 'PumpPickup',
    buttons: [DISCUSS],
    refreshSeconds: 160,
  },
  {
    key: 'narcoticsRefill',
    id: 10,
    title: 'NARCOTICS - new script needed',
    path: 'narcoticsRefill',
    aliases: ['pharmacyalerts/narcoticsRefill'],
    ...paged,
    listCall: '/pharmacyalerts/narcoticsRefill',
    listKey: 'results',
    readCall: '/narcoticsrefill_readByFaci',
    actionWidget: 'NarcoticsRefill',
    buttons: [DISCUSS],
    refreshSeconds: 160,
  },
  {
    // id, path, list key and action widget of Patient Missing are decided (widgets.md).
    key: 'patMissing',
    id: 11,
    title: 'PATIENT MISSING',
    path: 'patmissing',
    aliases: [],
    ...rx(null),
    listCall: '/patmissing',
    listKey: 'patMissingList',
    readCall: '/patmissing_readByFaci',
    actionWidget: 'PatMissing',
    buttons: [DISCUSS],
    refreshSeconds: 480,
  },
];

const byKey = new Map(WIDGETS.map((w) => [w.key, w]));

/** The widget of a key. */
export function widgetByKey(key: WidgetKey): Widget {
  const widget = byKey.get(key);
  if (!widget) throw new Error(`unknown widget ${key}`);
  return widget;
}

/** True when the string is a widget key. */
export function isWidgetKey(value: string): value is WidgetKey {
  return byKey.has(value as WidgetKey);
}

/**
 * The widget a `/alerts/{segment}` path names, by its path or an alias. Matching is case-insensitive
 * (decided) so a pasted link never dead-ends.
 */
export function widgetByPath(segment: string): Widget | undefined {
  const wanted = segment.replace(/^\/+|\/+$/g, '').toLowerCase();
  return WIDGETS.find(
    (w) => w.path.toLowerCase() === wanted || w.aliases.some((a) => a.toLowerCase() === wanted),
  );
}

/** The widget whose detail page starts with this prefix (exact, e.g. `/clarifications`). */
export function widgetByDetailPath(prefix: string): Widget | undefined {
  return WIDGETS.find((w) => w.detailPath === prefix);
}

/** The widget of a `requestaction` `widget` value. */
export function widgetByActionWidget(value: string): Widget | undefined {
  return WIDGETS.find((w) => w.actionWidget === value);
}

/** The permission key for a button verb on a widget: `widget_{key}_Action_{verb}`. */
export function actionPermissionKey(key: WidgetKey, verb: ActionVerb): string {
  return `widget_${key}_Action_${verb}`;
}

/** User setting keys for a widget's dashboard order and visibility. */
export function widgetSettingKeys(key: WidgetKey): { sortOrder: string; show: string } {
  return { sortOrder: `widget_${key}_SortOrder`, show: `widget_${key}_Show` };
}
