import { describe, expect, it } from 'vitest';
import {
  ACTION_MESSAGES,
  canSetAutoRespond,
  canUseButton,
  RequestActionInputSchema,
  reasonComment,
  visibleButtons,
} from './actions.ts';
import { allActionKeys, askActionKeys, toPermissionMap } from './permissions.ts';
import { archiveRangeProblems } from './schemas/alert-list.ts';
import { widgetByKey } from './widgets.ts';

const all = toPermissionMap(allActionKeys());
const askOnly = toPermissionMap(askActionKeys());
const base = { requestedAction: 'approve', widget: 'HighCost', _internalID: 7 } as const;
const fieldsOf = (input: object) => {
  const result = RequestActionInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('RequestActionInputSchema', () => {
  it('accepts an approve with or without a comment', () => {
    expect(fieldsOf(base)).toEqual({});
    expect(fieldsOf({ ...base, actionComment: 'ok' })).toEqual({});
  });

  it('needs a question for Discuss', () => {
    expect(fieldsOf({ ...base, requestedAction: 'ask', actionComment: '  ' })).toEqual({
      actionComment: ACTION_MESSAGES.questionRequired,
    });
  });

  it('says how long a comment, question or reply may be, in words a nurse reads under the field', () => {
    expect(fieldsOf({ ...base, requestedAction: 'ask', actionComment: 'q'.repeat(4001) })).toEqual({
      actionComment: ACTION_MESSAGES.commentTooLong,
    });
    expect(fieldsOf({ ...base, actionComment: 'q'.repeat(4000) })).toEqual({});
  });

  it.each([
    ['send', 'MD Okayed', {}],
    ['send', 'because', { actionComment: 'Please select a reason' }],
    ['send', undefined, { actionComment: 'Please select a reason' }],
    ['send', 'Other. See comment...', { actionComment: 'Please enter a comment' }],
    ['send', 'Other. See comment...: spoke to Dr. Patel', {}],
    ['donotsend', 'd/c order will be sent to pharmacy', {}],
    ['donotsend', 'MD Okayed', { actionComment: 'Please select a reason' }],
    ['donotsend', 'Other. See comment...: x', { actionComment: 'Please select a reason' }],
  ])('%s with %s', (requestedAction, actionComment, expected) => {
    expect(fieldsOf({ ...base, widget: 'openBatch', requestedAction, actionComment })).toEqual(expected);
  });

  it.each([
    [0, false],
    [1, true],
    [30, true],
    [31, false],
    [undefined, false],
  ])('Limit Days of %s is valid: %s', (limitDays, valid) => {
    expect(Object.keys(fieldsOf({ ...base, requestedAction: 'submitlimit', limitDays })).length === 0).toBe(
      valid,
    );
  });

  it('refuses limitDays with any other action, unknown fields and a missing alert', () => {
    expect(fieldsOf({ ...base, limitDays: 5 })).toEqual({ limitDays: ACTION_MESSAGES.limitDaysOnlyForLimit });
    expect(Object.keys(fieldsOf({ ...base, extra: 1 }))).toEqual(['']);
    expect(fieldsOf({ requestedAction: 'approve', widget: 'HighCost' })).toEqual({
      _internalID: 'The alert is required',
    });
  });

  it('writes Other reasons with the comment', () => {
    expect(reasonComment('Other. See comment...', ' note ')).toBe('Other. See comment...: note');
    expect(reasonComment('MD Okayed', 'ignored')).toBe('MD Okayed');
  });
});

describe('canUseButton', () => {
  const highCost = widgetByKey('highCost');
  const approve = highCost.buttons[0];
  if (!approve) throw new Error('catalogue changed');

  it('needs the pharmacy and facility permission for a facility user', () => {
    const ctx = { userType: 'FacilityUser', pharmPermissions: all, isArchived: false } as const;
    expect(canUseButton(highCost, approve, { ...ctx, facilityPermissions: all })).toBe(true);
    expect(canUseButton(highCost, approve, { ...ctx, facilityPermissions: askOnly })).toBe(false);
    expect(canUseButton(highCost, approve, { ...ctx, pharmPermissions: {}, facilityPermissions: all })).toBe(
      false,
    );
  });

  it("needs the pharmacy user's own permission as well", () => {
    const ctx = {
      userType: 'PharmacyUser',
      pharmPermissions: all,
      facilityPermissions: all,
      isArchived: false,
    } as const;
    expect(canUseButton(highCost, approve, { ...ctx, userPermissions: all })).toBe(true);
    expect(canUseButton(highCost, approve, { ...ctx, userPermissions: askOnly })).toBe(false);
  });

  it('offers only Discuss on archived alerts, and Approve until Refill Date without a key', () => {
    const ctx = {
      userType: 'FacilityUser',
      pharmPermissions: all,
      facilityPermissions: all,
      isArchived: true,
    } as const;
    expect(visibleButtons(highCost, ctx).map((b) => b.label)).toEqual(['Discuss']);
    const refill = widgetByKey('refillTooSoon');
    expect(
      visibleButtons(refill, { userType: 'FacilityUser', isArchived: false }).map((b) => b.label),
    ).toEqual(['Approve until Refill Date']);
  });

  it("decides a high cost alert's Discuss by the pharmacy's permission alone", () => {
    const hca = widgetByKey('highCostAlerts');
    const ctx = { userType: 'FacilityUser', facilityPermissions: {}, isArchived: false } as const;
    expect(visibleButtons(hca, { ...ctx, pharmPermissions: all }).map((b) => b.label)).toEqual(['Discuss']);
    expect(visibleButtons(hca, { ...ctx, pharmPermissions: {} })).toEqual([]);
  });
});

describe('archiveRangeProblems', () => {
  it('refuses From after To and To in the future', () => {
    expect(archiveRangeProblems('2026-10-01', '2026-10-31', '2026-11-02')).toEqual({});
    expect(archiveRangeProblems('2026-11-01', '2026-10-31', '2026-11-02')).toEqual({
      from: 'From cannot be after To',
    });
    expect(archiveRangeProblems(undefined, '2026-11-03', '2026-11-02')).toEqual({
      to: 'To cannot be in the future',
    });
    expect(archiveRangeProblems('2026-11-03', undefined, '2026-11-02')).toEqual({
      from: 'From cannot be in the future',
    });
    expect(archiveRangeProblems('2026-11-02', undefined, '2026-11-02')).toEqual({});
  });

  it('refuses a year outside 1900-9999 first (a year still being typed), so nothing is asked of the server', () => {
    expect(archiveRangeProblems('0202-10-01', '2026-10-31', '2026-11-02')).toEqual({
      from: 'Use a year from 1900 to 9999',
    });
    expect(archiveRangeProblems('2026-10-01', '0020-10-31', '2026-11-02')).toEqual({
      to: 'Use a year from 1900 to 9999',
    });
    expect(archiveRangeProblems('1900-01-01', '2026-10-31', '2026-11-02')).toEqual({});
  });
});

describe('canSetAutoRespond', () => {
  const facilityUser = { userType: 'FacilityUser', pharmPermissions: all } as const;

  it('always allows None and never an unknown choice', () => {
    expect(canSetAutoRespond('highCost', '', { ...facilityUser, facilityPermissions: {} })).toBe(true);
    expect(canSetAutoRespond('highCost', 'Shrug', { ...facilityUser, facilityPermissions: all })).toBe(false);
  });

  it("follows the option's button: a Discuss-only facility may not Approve, Deny or Approve Limit", () => {
    for (const choice of ['Approve', 'Deny', 'ApproveOnce', 'SubmitLimit']) {
      expect(canSetAutoRespond('highCost', choice, { ...facilityUser, facilityPermissions: all })).toBe(true);
      expect(canSetAutoRespond('highCost', choice, { ...facilityUser, facilityPermissions: askOnly })).toBe(
        false,
      );
    }
  });

  it("needs a pharmacy user's own permission as well", () => {
    const ctx = { userType: 'PharmacyUser', pharmPermissions: all, facilityPermissions: all } as const;
    expect(canSetAutoRespond('highCostAlerts', 'Deny', { ...ctx, userPermissions: all })).toBe(true);
    expect(canSetAutoRespond('highCostAlerts', 'Deny', { ...ctx, userPermissions: askOnly })).toBe(false);
  });
});
