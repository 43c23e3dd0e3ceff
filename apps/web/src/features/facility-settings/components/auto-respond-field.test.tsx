import { ENDPOINTS, FacilityAnswerSchema, FacilitySettingAnswerSchema } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const FACILITY_PATH = ENDPOINTS.facility.replace(':facID', '101');

describe('AutoRespondField', () => {
  it('offers None and the widget options; Limit Count shows only for Approve Limit', async () => {
    const api = new FakeApi()
      .signedIn('tok', nurse())
      .on('GET', FACILITY_PATH, () => ok(FacilityAnswerSchema, { facility: settableFacility() }))
      .on('POST', ENDPOINTS.facilitySetting, () => ok(FacilitySettingAnswerSchema, { message: 'saved' }))
      .install();
    const { user } = renderApp('/facility/facilitySettings/101', { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'HIGH COST ALERTS' }, { timeout: 5000 });
    const group = within(card).getByRole('radiogroup', { name: 'Auto-respond' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['', 'Approve', 'Deny', 'SubmitLimit']);
    expect(within(card).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(card).queryByLabelText('Limit Count')).not.toBeInTheDocument();

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
});
