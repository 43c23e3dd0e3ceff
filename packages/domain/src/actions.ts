import { z } from 'zod';
import { hasAll, type PermissionMap } from './permissions.ts';
import type { UserType } from './roles.ts';
import {
  ALERT_ID_MESSAGES,
  alertGroupId,
  alertNumber,
  alertNumberOrIdentifier,
  alertUuid,
} from './schemas/alert-ids.ts';
import { AUTO_RESPOND_OPTIONS, type SettingsWidget } from './schemas/facility-settings.ts';
import {
  ACTION_VALUES,
  actionPermissionKey,
  type Widget,
  type WidgetButton,
  widgetByActionWidget,
  widgetByKey,
} from './widgets.ts';

/** The reason a Send or Do Not Send needs a comment for. */
export const OTHER_REASON = 'Other. See comment...';

/** Reasons for Send (spec 1, section 5). */
export const SEND_REASONS = [
  'MD aware of interaction and approved',
  'MD aware of allergy and approved',
  'MD Okayed',
  OTHER_REASON,
] as const;

/** Reasons for Do Not Send (spec 1, section 5). */
export const DO_NOT_SEND_REASONS = [
  'new Rx of change order will be sent to pharmacy',
  'd/c order will be sent to pharmacy',
] as const;

/** Limit Days choices: 1 to 30. */
export const LIMIT_DAYS = { min: 1, max: 30 } as const;

/** Messages of the action dialogs and their refusals (spec 1, sections 5 and 8). */
export const ACTION_MESSAGES = {
  questionRequired: 'Please enter a question',
  reasonRequired: 'Please select a reason',
  commentRequired: 'Please enter a comment',
  commentTooLong: 'Please keep it to 4000 characters',
  limitDays: 'Please choose 1 to 30 days',
  limitDaysOnlyForLimit: 'Limit days apply only to Limit Days',
  credentialsRequired: 'SpecialtyRx Now credentials are required for user actions',
  notOffered: 'This action is not offered for this alert',
  archivedOnlyDiscuss: 'Archived alerts accept Discuss only',
  notAllowed: 'You do not have permission for this action',
  processing: 'Processing user action...',
  failed: 'Error sending user action',
  readFailed: 'Error updating read status',
  notMarkable: 'This alert has no read state to change',
  entryNotMarkable: "Only the pharmacy's replies can be marked read or unread",
  approveUntilRefillWarning:
    'By approving until the refill is due, the facility agrees to pay the cost until the next refill.',
  limitDaysWarning:
    'If the limited day supply is not available, the smallest available package size is dispensed.',
  copied: 'URL copied to clipboard',
  noAlert: 'No Active Alert Found',
  alertChanged: 'This alert has changed since you opened it. Reload it and try again.',
  badRequestKey: 'Idempotency-Key must be a UUID',
  requestKeyReused: 'This Idempotency-Key was already used for a different action',
} as const;

/**
 * The header a client sends with `POST /requestaction` so that sending the same action again (a retry after a lost
 * answer) stores it once: a UUID, the same for every attempt of one action, new for the next action.
 */
export const REQUEST_KEY_HEADER = 'idempotency-key';

const text = z.string().max(4000, ACTION_MESSAGES.commentTooLong);

/** Whether `_internalID` names an admission review's group (its widget's identifier), not an alert number. */
export const namesGroup = (actionWidget: string) =>
  widgetByActionWidget(actionWidget)?.identifier === 'admissionMedsGroupID';

/** Body of `POST /requestaction`. Checks that need the alert (offered, permitted) happen on the server. */
export const RequestActionInputSchema = z
  .strictObject({
    requestedAction: z.enum(ACTION_VALUES),
    widget: z.string().max(40),
    // The alert's id; for admission meds its admissionMedsGroupID (spec 1, section 7), checked below.
    _internalID: alertNumberOrIdentifier().optional(),
    _internalUUID: alertUuid().optional(),
    admissionMedsGroupID: alertGroupId().optional(),
    highCostAlertsId: alertNumber(ALERT_ID_MESSAGES.highCostNumber).optional(),
    actionComment: text.optional(),
    limitDays: z.number().int().optional(),
  })
  .superRefine((input, ctx) => {
    const comment = input.actionComment?.trim() ?? '';
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (
      input._internalID === undefined &&
      !input.admissionMedsGroupID &&
      input.highCostAlertsId === undefined
    ) {
      issue('_internalID', 'The alert is required');
    }
    const id = input._internalID;
    if (typeof id === 'string' && !namesGroup(input.widget) && !/^\d{1,15}$/.test(id)) {
      issue('_internalID', ALERT_ID_MESSAGES.numberOrGroup);
    }
    if (input.requestedAction === 'ask' && !comment) issue('actionComment', ACTION_MESSAGES.questionRequired);
    if (input.requestedAction === 'Reply' && !comment)
      issue('actionComment', ACTION_MESSAGES.commentRequired);
    if (input.requestedAction === 'send') checkReason(comment, SEND_REASONS, issue);
    if (input.requestedAction === 'donotsend') checkReason(comment, DO_NOT_SEND_REASONS, issue);
    if (input.requestedAction === 'submitlimit') {
      const days = input.limitDays;
      if (days === undefined || days < LIMIT_DAYS.min || days > LIMIT_DAYS.max)
        issue('limitDays', ACTION_MESSAGES.limitDays);
    } else if (input.limitDays !== undefined) {
      issue('limitDays', ACTION_MESSAGES.limitDaysOnlyForLimit);
    }
  });
export type RequestActionInput = z.infer<typeof RequestActionInputSchema>;

/**
 * Send and Do Not Send carry the reason in actionComment; 'Other. See comment...' is followed by ': ' and the
 * comment (decided in widgets.md).
 */
function checkReason(
  comment: string,
  reasons: readonly string[],
  issue: (path: string, message: string) => void,
) {
  if (comment.startsWith(OTHER_REASON) && reasons.includes(OTHER_REASON)) {
    const rest = comment.slice(OTHER_REASON.length).replace(/^:\s*/, '').trim();
    if (!rest) issue('actionComment', ACTION_MESSAGES.commentRequired);
    return;
  }
  if (!reasons.includes(comment)) issue('actionComment', ACTION_MESSAGES.reasonRequired);
}

/** The comment Send and Do Not Send send for a reason and an optional comment. */
export function reasonComment(reason: string, comment: string): string {
  return reason === OTHER_REASON ? `${OTHER_REASON}: ${comment.trim()}` : reason;
}

/** Whose permissions decide a button: the viewer and the alert's pharmacy and facility. */
export interface ActionContext {
  userType: UserType;
  /** The viewer's own permissions at the alert's pharmacy (userPermissions); pharmacy users only. */
  userPermissions?: PermissionMap | undefined;
  /** The pharmacy's permissions (pharmPermissions), looked up by the alert's pharmacy id. */
  pharmPermissions?: PermissionMap | undefined;
  /** The facility's permissions for the viewer. */
  facilityPermissions?: PermissionMap | undefined;
  isArchived: boolean;
}

/**
 * Whether the viewer may use a button on an alert (spec 1, section 6). Archived alerts offer Discuss only;
 * Approve until Refill Date needs no key; a high cost alert's Discuss is decided by the pharmacy's permission;
 * otherwise a pharmacy user needs their own, the pharmacy's and the facility's permission, and everyone else the
 * pharmacy's and the facility's. The server refuses what this hides.
 */
export function canUseButton(widget: Widget, button: WidgetButton, ctx: ActionContext): boolean {
  if (ctx.isArchived && button.action !== 'ask') return false;
  if (button.verb === null) return true;
  const key = actionPermissionKey(widget.key, button.verb);
  if (widget.key === 'highCostAlerts' && button.verb === 'ask') return hasAll(ctx.pharmPermissions, key);
  if (ctx.userType === 'PharmacyUser') {
    return (
      hasAll(ctx.userPermissions, key) &&
      hasAll(ctx.pharmPermissions, key) &&
      hasAll(ctx.facilityPermissions, key)
    );
  }
  return hasAll(ctx.pharmPermissions, key) && hasAll(ctx.facilityPermissions, key);
}

/** The buttons a viewer sees on an alert, in the widget's order. */
export function visibleButtons(widget: Widget, ctx: ActionContext): WidgetButton[] {
  return widget.buttons.filter((button) => canUseButton(widget, button, ctx));
}

/**
 * Whether the viewer may set this auto-respond choice for the widget at a facility. An automatic answer is given in
 * advance to every new alert, so it takes the right to give that answer oneself: the button rule above, for the
 * option's action on a live alert. None ('') is always allowed; an unknown choice never is.
 */
export function canSetAutoRespond(
  widgetKey: SettingsWidget,
  choice: string,
  ctx: Omit<ActionContext, 'isArchived'>,
): boolean {
  if (choice === '') return true;
  const option = AUTO_RESPOND_OPTIONS[widgetKey].find((o) => o.value === choice);
  const widget = widgetByKey(widgetKey);
  const button = widget.buttons.find((b) => b.action === option?.action);
  return button !== undefined && canUseButton(widget, button, { ...ctx, isArchived: false });
}
