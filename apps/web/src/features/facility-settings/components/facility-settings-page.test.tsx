import {
  ENDPOINTS,
  FacilityAnswerSchema,
  FacilitySettingAnswerSchema,
  SETTINGS_MESSAGES,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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

/** Types `value` over the card's reminder interval, as a user would. */
async function typeInterval(user: UserEvent, card: HTMLElement, value: string) {
  const interval = within(card).getByLabelText('Reminder interval (minutes)');
  await user.clear(interval);
  await user.type(interval, value);
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

  it("says 'No such facility' for an address whose facility id is not one, not a heading ending in 'for'", async () => {
    new FakeApi()
      .signedIn('tok', nurse())
      // What the server answers such an id: its parameter check refuses it.
      .on('GET', ENDPOINTS.facility.replace(':facID', 'abc'), () =>
        fail(400, 'The request is not valid.', 'VALIDATION_FAILED'),
      )
      .install();
    renderApp('/facility/facilitySettings/abc', { token: 'tok' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No such facility' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('There is no facility abc that you can see.')).toBeInTheDocument();
    expect(screen.queryByText(/The request is not valid/)).not.toBeInTheDocument();
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
      settingsVersion: 'highCost-1',
    });
  });

  it('keeps a number typed out of range and says what is accepted, instead of changing it and saving', async () => {
    const api = fakeApi()
      .on('POST', ENDPOINTS.facilitySetting, () =>
        ok(FacilitySettingAnswerSchema, { message: SETTINGS_MESSAGES.saved('AUTHORIZATION') }),
      )
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    const count = within(card).getByLabelText('Number of email reminders');
    await user.clear(count);
    await user.type(count, '25');
    await typeInterval(user, card, '0');
    await user.click(within(card).getByRole('radio', { name: 'Approve Limit' }));
    const limit = within(card).getByLabelText('Limit Count');
    await user.clear(limit);
    await user.type(limit, '12');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByText(SETTINGS_MESSAGES.limitCount)).toBeInTheDocument();
    expect(within(card).getByText(SETTINGS_MESSAGES.maxCount)).toBeInTheDocument();
    expect(within(card).getByText(SETTINGS_MESSAGES.interval)).toBeInTheDocument();
    expect(count).toHaveValue('25');
    expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('0');
    expect(limit).toHaveValue('12');
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)).toHaveLength(0);
    // The first refused field takes the focus, so its message is read out and the user is where to correct it.
    expect(count).toHaveFocus();
    expect(count).toHaveAccessibleDescription(expect.stringContaining(SETTINGS_MESSAGES.maxCount));
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

  it('on a 409 keeps what was typed and says why; Reload settings shows the current ones, which then save', async () => {
    // The server as it is once someone else chose Deny after this page was loaded.
    const newer = settableFacility({
      facilitySettings: [
        { widgetName: 'highCost', settingName: 'AutoRespondAction', settingValue: 'Deny', settingNote: '' },
      ],
      facilitySettingsVersions: { highCost: 'highCost-2', highCostAlerts: 'highCostAlerts-1' },
    });
    let current = settableFacility();
    const api = withSettingsPharmacy(
      new FakeApi()
        .signedIn('tok', nurse())
        .on('GET', FACILITY_PATH, () => ok(FacilityAnswerSchema, { facility: current })),
    )
      .on('POST', ENDPOINTS.facilitySetting, (call) =>
        (call.body as { settingsVersion?: string }).settingsVersion ===
        current.facilitySettingsVersions.highCost
          ? ok(FacilitySettingAnswerSchema, { message: SETTINGS_MESSAGES.saved('AUTHORIZATION') })
          : fail(409, SETTINGS_MESSAGES.changedSince, 'CONFLICT'),
      )
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    const interval = within(card).getByLabelText('Reminder interval (minutes)');
    await user.clear(interval);
    await user.type(interval, '45');
    current = newer;
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.changedSince);
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)[0]?.body).toMatchObject({
      settingValues: { EmailNotificationIntervalMinutes: 45, AutoRespondAction: '' },
      settingsVersion: 'highCost-1',
    });
    // Nothing typed is lost, nor replaced behind the user's back: the card stays as it was until they reload.
    expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('45');
    expect(within(card).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(api.callsTo('GET', FACILITY_PATH)).toHaveLength(1);
    expect(screen.queryByText(/^Error: /)).not.toBeInTheDocument();
    const reload = within(card).getByRole('button', { name: 'Reload settings' });
    await waitFor(() => expect(reload).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(card).getByRole('radio', { name: 'Deny' })).toBeChecked());
    expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('60');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole('heading', { level: 2, name: 'AUTHORIZATION' })).toHaveFocus(),
    );

    // Edits made on the reloaded settings carry their version, and save.
    await user.clear(interval);
    await user.type(interval, '45');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Facility settings for AUTHORIZATION... successfully saved'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)[1]?.body).toMatchObject({
      settingValues: { EmailNotificationIntervalMinutes: 45, AutoRespondAction: 'Deny' },
      settingsVersion: 'highCost-2',
    });
  });

  it('keeps what was typed when Reload settings fails, says so, and reloads when tried again', async () => {
    let answer: 'current' | 'newer' | 'down' = 'current';
    const newer = settableFacility({
      facilitySettingsVersions: { highCost: 'highCost-2', highCostAlerts: 'highCostAlerts-1' },
    });
    withSettingsPharmacy(
      new FakeApi().signedIn('tok', nurse()).on('GET', FACILITY_PATH, () => {
        if (answer === 'down') return fail(500, 'The service is unavailable.', 'INTERNAL');
        return ok(FacilityAnswerSchema, { facility: answer === 'newer' ? newer : settableFacility() });
      }),
    )
      .on('POST', ENDPOINTS.facilitySetting, () => fail(409, SETTINGS_MESSAGES.changedSince, 'CONFLICT'))
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await typeInterval(user, card, '45');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.changedSince);

    answer = 'down';
    await user.click(within(card).getByRole('button', { name: 'Reload settings' }));
    expect(await screen.findByText('Error: The service is unavailable.')).toBeInTheDocument();
    // The card is still there, as the user left it, and may reload again.
    expect(screen.getByRole('region', { name: 'AUTHORIZATION' })).toBe(card);
    expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('45');
    const reload = within(card).getByRole('button', { name: 'Reload settings' });
    await waitFor(() => expect(reload).toBeEnabled());

    answer = 'newer';
    await user.click(reload);
    await waitFor(() => expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('60'));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows that the facility is gone when a reload finds it no longer visible', async () => {
    let visible = true;
    withSettingsPharmacy(
      new FakeApi()
        .signedIn('tok', nurse())
        .on('GET', FACILITY_PATH, () =>
          visible
            ? ok(FacilityAnswerSchema, { facility: settableFacility() })
            : fail(404, 'No such facility.', 'NOT_FOUND'),
        ),
    )
      .on('POST', ENDPOINTS.facilitySetting, () => fail(409, SETTINGS_MESSAGES.changedSince, 'CONFLICT'))
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await typeInterval(user, card, '45');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await within(card).findByRole('alert');
    visible = false;
    await user.click(within(card).getByRole('button', { name: 'Reload settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'No such facility' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'AUTHORIZATION' })).not.toBeInTheDocument();
  });

  it('sends the version its edits were made on, even when a refetch since brought a newer one', async () => {
    let current = settableFacility();
    const api = withSettingsPharmacy(
      new FakeApi()
        .signedIn('tok', nurse())
        .on('GET', FACILITY_PATH, () => ok(FacilityAnswerSchema, { facility: current })),
    )
      .on('POST', ENDPOINTS.facilitySetting, (call) =>
        (call.body as { ContactInfo?: object }).ContactInfo
          ? ok(FacilitySettingAnswerSchema, {
              message: SETTINGS_MESSAGES.saved('HIGH COST ALERTS'),
              faciContact: {
                facilityContactInfoID: 7,
                contactInfo: 'night.nurse@meadowbrook.test',
                contactMethod: 'Email',
                widget: 'highCostAlerts',
              },
            })
          : fail(409, SETTINGS_MESSAGES.changedSince, 'CONFLICT'),
      )
      .install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'HIGH COST ALERTS' }, { timeout: 5000 });
    await user.click(within(card).getByRole('radio', { name: 'Approve' }));
    // Someone else saves the interval; this page learns of it when adding a contact refetches the facility.
    current = settableFacility({
      facilitySettings: [
        {
          widgetName: 'highCostAlerts',
          settingName: 'EmailNotificationIntervalMinutes',
          settingValue: '30',
          settingNote: '',
        },
      ],
      facilitySettingsVersions: { highCost: 'highCost-1', highCostAlerts: 'highCostAlerts-2' },
    });
    await user.type(within(card).getByLabelText('Add reminder email'), 'night.nurse@meadowbrook.test');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(card).getByLabelText('Reminder interval (minutes)')).toHaveValue('30'));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(SETTINGS_MESSAGES.changedSince);
    const saves = api
      .callsTo('POST', ENDPOINTS.facilitySetting)
      .filter((c) => 'settingValues' in (c.body as object));
    expect(saves.map((c) => c.body)).toEqual([
      expect.objectContaining({ settingsVersion: 'highCostAlerts-1' }),
    ]);
  });
});
