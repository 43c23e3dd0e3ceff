import {
  ENDPOINTS,
  FacilityAnswerSchema,
  FacilitySettingAnswerSchema,
  SETTINGS_MESSAGES,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settableFacility, withSettingsPharmacy } from '@/test/facility-fixtures.ts';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const FACILITY_PATH = ENDPOINTS.facility.replace(':facID', '101');
const PAGE = '/facility/facilitySettings/101';

function fakeApi(facility = settableFacility()) {
  return withSettingsPharmacy(
    new FakeApi()
      .signedIn('tok', nurse())
      .on('GET', FACILITY_PATH, () => ok(FacilityAnswerSchema, { facility })),
  );
}

describe('FacilitySettingsPage', () => {
  it('shows the facility name in the heading and both cards', async () => {
    fakeApi().install();
    renderApp(PAGE, { token: 'tok' });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Facility Settings for Meadowbrook Care Center' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'AUTHORIZATION' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'HIGH COST ALERTS' })).toBeInTheDocument();
  });

  it('shows a notice and no form without allowToSetSettingsForFacility', async () => {
    fakeApi(settableFacility({ permissions: {} })).install();
    renderApp(PAGE, { token: 'tok' });
    expect(
      await screen.findByText(/do not have permission to set the settings/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'AUTHORIZATION' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Number of email reminders')).not.toBeInTheDocument();
  });

  it("says 'No such facility' when the facility is not visible", async () => {
    new FakeApi()
      .signedIn('tok', nurse())
      .on('GET', FACILITY_PATH, () => fail(404, 'No such facility.', 'NOT_FOUND'))
      .install();
    renderApp(PAGE, { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No such facility' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('hides Save until a value is edited, then saves the card and toasts', async () => {
    const api = fakeApi()
      .on('POST', ENDPOINTS.facilitySetting, () =>
        ok(FacilitySettingAnswerSchema, { message: SETTINGS_MESSAGES.saved('AUTHORIZATION') }),
      )
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    expect(within(card).getByLabelText('Number of email reminders')).toHaveValue('0');
    expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('60');
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    const count = within(card).getByLabelText('Number of email reminders');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(card).getByRole('radio', { name: 'Deny' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Facility settings for AUTHORIZATION... successfully saved'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)[0]?.body).toEqual({
      FaciId: '101',
      WidgetName: 'highCost',
      settingValues: {
        EmailNotificationMaxCount: 3,
        EmailNotificationIntervalMinutes: 60,
        AutoRespondAction: 'Deny',
      },
    });
  });

  it("moves focus to the card's heading when Save disappears after saving", async () => {
    fakeApi()
      .on('POST', ENDPOINTS.facilitySetting, () =>
        ok(FacilitySettingAnswerSchema, { message: SETTINGS_MESSAGES.saved('AUTHORIZATION') }),
      )
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await user.click(within(card).getByRole('radio', { name: 'Deny' }));
    within(card).getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Facility settings for AUTHORIZATION... successfully saved'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(card).getByRole('heading', { level: 2, name: 'AUTHORIZATION' })).toHaveFocus(),
    );
  });

  it("shows 'Error: ' and the message when saving fails", async () => {
    fakeApi()
      .on('POST', ENDPOINTS.facilitySetting, () =>
        fail(403, 'You may not change the settings of this facility.', 'FORBIDDEN'),
      )
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'HIGH COST ALERTS' }, { timeout: 5000 });
    await user.click(within(card).getByRole('radio', { name: 'Approve' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Error: You may not change the settings of this facility.'),
    ).toBeInTheDocument();
  });
});
