import {
  ENDPOINTS,
  FacilityAnswerSchema,
  FacilitySettingAnswerSchema,
  SETTINGS_MESSAGES,
} from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, fail, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const FACILITY_PATH = ENDPOINTS.facility.replace(':facID', '101');

function fakeApi() {
  return new FakeApi()
    .signedIn('tok', nurse())
    .on('GET', FACILITY_PATH, () => ok(FacilityAnswerSchema, { facility: settableFacility() }));
}

async function addEmail(email: string) {
  const view = renderApp('/facility/facilitySettings/101', { token: 'tok' });
  const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
  await view.user.type(within(card).getByLabelText('Add reminder email'), email);
  await view.user.click(within(card).getByRole('button', { name: 'Add' }));
  return card;
}

describe('AddContactForm', () => {
  it('refuses an invalid address before sending it', async () => {
    const api = fakeApi().install();
    const card = await addEmail('not-an-email');
    expect(within(card).getByText(SETTINGS_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)).toHaveLength(0);
  });

  it('refuses an address too long to be one under the field, before sending it', async () => {
    const api = fakeApi().install();
    const card = await addEmail(`${'a'.repeat(250)}@meadowbrook.test`);
    expect(within(card).getByText(SETTINGS_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)).toHaveLength(0);
  });

  it("shows 'Email already exists' when the server answers 409", async () => {
    fakeApi()
      .on('POST', ENDPOINTS.facilitySetting, () => fail(409, 'Email already exists', 'CONFLICT'))
      .install();
    const card = await addEmail('dup@meadowbrook.test');
    expect(await within(card).findByText(SETTINGS_MESSAGES.duplicateEmail)).toBeInTheDocument();
  });

  it('adds a valid address and toasts the saved message', async () => {
    const api = fakeApi()
      .on('POST', ENDPOINTS.facilitySetting, () =>
        ok(FacilitySettingAnswerSchema, {
          message: SETTINGS_MESSAGES.saved('AUTHORIZATION'),
          faciContact: {
            facilityContactInfoID: 9,
            contactInfo: 'new@meadowbrook.test',
            contactMethod: 'Email',
            widget: 'highCost',
          },
        }),
      )
      .install();
    await addEmail('new@meadowbrook.test');
    expect(
      await screen.findByText('Facility settings for AUTHORIZATION... successfully saved'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.facilitySetting)[0]?.body).toEqual({
      FaciId: '101',
      WidgetName: 'highCost',
      ContactInfo: { Email: 'new@meadowbrook.test' },
    });
  });
});
