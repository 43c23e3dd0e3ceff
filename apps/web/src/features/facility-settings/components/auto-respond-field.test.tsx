import {
  askActionKeys,
  ENDPOINTS,
  FACILITY_ADMIN_PERMISSIONS,
  type Facility,
  FacilityAnswerSchema,
  FacilitySettingAnswerSchema,
  SETTINGS_MESSAGES,
  toPermissionMap,
  type UserInfo,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settableFacility, withSettingsPharmacy } from '@/test/facility-fixtures.ts';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const FACILITY_PATH = ENDPOINTS.facility.replace(':facID', '101');

/** Facility 102 of the demo world: its admin may set settings, but the facility allows only Discuss. */
const discussOnlyFacility = (overrides: Partial<Facility> = {}) =>
  settableFacility({
    permissions: toPermissionMap([FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility, ...askActionKeys()]),
    ...overrides,
  });

function renderSettings(
  facility: Facility,
  { viewer = nurse(), userPermissions = [] }: { viewer?: UserInfo; userPermissions?: string[] } = {},
) {
  const api = withSettingsPharmacy(
    new FakeApi()
      .signedIn('tok', viewer)
      .on('GET', FACILITY_PATH, () => ok(FacilityAnswerSchema, { facility }))
      .on('POST', ENDPOINTS.facilitySetting, () => ok(FacilitySettingAnswerSchema, { message: 'saved' })),
    userPermissions,
  ).install();
  return { api, ...renderApp('/facility/facilitySettings/101', { token: 'tok' }) };
}

const autoRespondRow = (widget: string, AutoRespondAction: string, settingNote = '') => ({
  widgetName: widget,
  settingName: 'AutoRespondAction',
  settingValue: AutoRespondAction,
  settingNote,
});

describe('AutoRespondField', () => {
  it('offers None and the widget options; Limit Count shows only for Approve Limit', async () => {
    const { api, user } = renderSettings(settableFacility());
    const card = await screen.findByRole('region', { name: 'HIGH COST ALERTS' }, { timeout: 5000 });
    const group = within(card).getByRole('radiogroup', { name: 'Auto-respond' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['', 'Approve', 'Deny', 'SubmitLimit']);
    expect(within(card).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(card).queryByLabelText('Limit Count')).not.toBeInTheDocument();

    await waitFor(() => expect(within(card).getByRole('radio', { name: 'Approve Limit' })).toBeEnabled());
    await user.click(within(card).getByRole('radio', { name: 'Approve Limit' }));
    const limit = within(card).getByLabelText('Limit Count');
    expect(limit).toHaveValue('1');
    await user.clear(limit);
    await user.type(limit, '4');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    const body = api.callsTo('POST', ENDPOINTS.facilitySetting)[0]?.body;
    expect(body).toMatchObject({ settingValues: { AutoRespondAction: 'SubmitLimit' }, SettingNote: '4' });

    await user.click(within(card).getByRole('radio', { name: 'Deny' }));
    expect(within(card).queryByLabelText('Limit Count')).not.toBeInTheDocument();
  });

  it('disables, with the reason, the answers the facility does not allow; None stays', async () => {
    renderSettings(discussOnlyFacility());
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await waitFor(() =>
      expect(within(card).getByRole('radio', { name: 'Approve' })).toHaveAccessibleDescription(
        SETTINGS_MESSAGES.autoRespondUnavailable,
      ),
    );
    for (const name of ['Approve', 'Deny', 'Approve Once', 'Approve Limit']) {
      const radio = within(card).getByRole('radio', { name });
      expect(radio).toBeDisabled();
      expect(radio).toHaveAccessibleDescription(SETTINGS_MESSAGES.autoRespondUnavailable);
    }
    expect(within(card).getByRole('radio', { name: 'None' })).toBeEnabled();
    expect(within(card).getByRole('radio', { name: 'None' })).toBeChecked();
  });

  it("needs a pharmacy user's own right to give the answer as well", async () => {
    renderSettings(settableFacility(), { viewer: pharmacist(), userPermissions: askActionKeys() });
    const card = await screen.findByRole('region', { name: 'HIGH COST ALERTS' }, { timeout: 5000 });
    await waitFor(() => expect(within(card).getByRole('radio', { name: 'Deny' })).toBeDisabled());
    expect(within(card).getByRole('radio', { name: 'Approve' })).toBeDisabled();
    expect(within(card).getByRole('radio', { name: 'None' })).toBeEnabled();
  });

  it('shows a saved answer the viewer may not give, lets them keep it and save other settings', async () => {
    const { api, user } = renderSettings(
      discussOnlyFacility({
        facilitySettings: [
          autoRespondRow('highCost', 'Approve'),
          autoRespondRow('highCostAlerts', 'SubmitLimit', '3'),
        ],
      }),
    );
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    const approve = within(card).getByRole('radio', { name: 'Approve' });
    expect(approve).toBeChecked();
    await waitFor(() => expect(approve).toHaveAccessibleDescription(SETTINGS_MESSAGES.autoRespondKept));
    expect(approve).toBeEnabled();
    expect(within(card).getByRole('radio', { name: 'Deny' })).toBeDisabled();

    // Leaving it and coming back is no change at all.
    await user.click(within(card).getByRole('radio', { name: 'None' }));
    expect(within(card).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(approve);
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    const count = within(card).getByLabelText('Number of email reminders');
    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await screen.findByText('saved');
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)[0]?.body).toMatchObject({
      settingValues: { EmailNotificationMaxCount: 2, AutoRespondAction: 'Approve' },
    });

    // Changing a kept Approve Limit's count would be giving the answer.
    const other = screen.getByRole('region', { name: 'HIGH COST ALERTS' });
    expect(within(other).getByRole('radio', { name: 'Approve Limit' })).toBeChecked();
    const limit = within(other).getByLabelText('Limit Count');
    expect(limit).toHaveValue('3');
    expect(limit).toBeDisabled();
    expect(limit).toHaveAccessibleDescription(SETTINGS_MESSAGES.limitCountKept);
  });
});
