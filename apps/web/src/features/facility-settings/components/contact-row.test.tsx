import { ENDPOINTS, FacilityAnswerSchema, MessageAnswerSchema, SETTINGS_MESSAGES } from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const FACILITY_PATH = ENDPOINTS.facility.replace(':facID', '101');
const contact = {
  facilityContactInfoID: 7,
  contactInfo: 'don@meadowbrook.test',
  contactMethod: 'Email',
  widget: 'highCost',
};
const PAGE = '/facility/facilitySettings/101';

/** Whether the page has the browser ask before the tab closes or reloads (the guard's third way out). */
function isUnloadHeld() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** A facility whose highCost contacts are `emails` (ids 1, 2, ...); Delete removes one from what GET answers. */
function fakeApiWith(emails: string[]) {
  let contacts = emails.map((email, i) => ({ ...contact, facilityContactInfoID: i + 1, contactInfo: email }));
  return new FakeApi()
    .signedIn('tok', nurse())
    .on('GET', FACILITY_PATH, () =>
      ok(FacilityAnswerSchema, { facility: settableFacility({ facilityContacts: contacts }) }),
    )
    .on('POST', ENDPOINTS.deleteFacilityContact, (call) => {
      const { ContactId } = call.body as { ContactId: number };
      contacts = contacts.filter((c) => c.facilityContactInfoID !== ContactId);
      return ok(MessageAnswerSchema, { message: 'Contact deleted' });
    });
}

async function deleteByKeyboard(
  user: ReturnType<typeof renderApp>['user'],
  card: HTMLElement,
  email: string,
) {
  within(card)
    .getByRole('button', { name: `Delete ${email}` })
    .focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Delete reminder contact' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(within(card).queryByRole('button', { name: `Delete ${email}` })).not.toBeInTheDocument(),
  );
}

function fakeApi() {
  return new FakeApi()
    .signedIn('tok', nurse())
    .on('GET', FACILITY_PATH, () =>
      ok(FacilityAnswerSchema, { facility: settableFacility({ facilityContacts: [contact] }) }),
    )
    .on('POST', ENDPOINTS.editFacilityContact, () => ok(MessageAnswerSchema, { message: 'Contact saved' }))
    .on('POST', ENDPOINTS.deleteFacilityContact, () =>
      ok(MessageAnswerSchema, { message: 'Contact deleted' }),
    );
}

describe('ContactRow', () => {
  it('edits an address inline with the same validation', async () => {
    const api = fakeApi().install();
    const { user } = renderApp('/facility/facilitySettings/101', { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' }));
    const input = within(card).getByLabelText('Edit don@meadowbrook.test');
    await user.clear(input);
    await user.type(input, 'bad@');
    await user.click(within(card).getByRole('button', { name: 'Save email' }));
    expect(within(card).getByText(SETTINGS_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editFacilityContact)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'don2@meadowbrook.test');
    await user.click(within(card).getByRole('button', { name: 'Save email' }));
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editFacilityContact)[0]?.body).toEqual({
      ContactId: 7,
      ContactInfo: { Email: 'don2@meadowbrook.test' },
      contactMethod: 'Email',
    });
  });

  it('deletes only after the confirmation', async () => {
    const api = fakeApi().install();
    const { user } = renderApp('/facility/facilitySettings/101', { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Delete don@meadowbrook.test' }));
    expect(api.callsTo('POST', ENDPOINTS.deleteFacilityContact)).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Delete reminder contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.deleteFacilityContact)[0]?.body).toEqual({ ContactId: 7 });
  });

  it('gives the focus back to Delete when its confirmation is cancelled by keyboard', async () => {
    const api = fakeApi().install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    const remove = within(card).getByRole('button', { name: 'Delete don@meadowbrook.test' });
    remove.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Delete reminder contact' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(api.callsTo('POST', ENDPOINTS.deleteFacilityContact)).toHaveLength(0);
  });

  it("puts the focus on the page's heading, not the body, when a contact goes while its Delete is being confirmed", async () => {
    const api = fakeApi().install();
    const { user, queryClient } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    const remove = within(card).getByRole('button', { name: 'Delete don@meadowbrook.test' });
    remove.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Delete reminder contact' });
    // Another admin deleted it meanwhile; the facility is fetched again (the window's focus).
    api.on('GET', FACILITY_PATH, () =>
      ok(FacilityAnswerSchema, { facility: settableFacility({ facilityContacts: [] }) }),
    );
    await queryClient.invalidateQueries();
    await waitFor(() => expect(remove).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    expect(api.callsTo('POST', ENDPOINTS.deleteFacilityContact)).toHaveLength(0);
  });

  it('moves focus into the edit field when Edit is pressed', async () => {
    fakeApi().install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' }).focus();
    await user.keyboard('{Enter}');
    const input = within(card).getByRole('textbox', { name: 'Edit don@meadowbrook.test' });
    await waitFor(() => expect(input).toHaveFocus());
  });

  it("gives focus back to the row's Edit after Cancel and after Save email", async () => {
    fakeApi().install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' }));
    await user.click(within(card).getByRole('textbox', { name: 'Edit don@meadowbrook.test' }));
    await user.tab();
    await user.tab();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' })).toHaveFocus(),
    );

    await user.keyboard('{Enter}');
    const again = within(card).getByRole('textbox', { name: 'Edit don@meadowbrook.test' });
    await user.clear(again);
    await user.type(again, 'don2@meadowbrook.test{Enter}');
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' })).toHaveFocus(),
    );
  });

  it('cancels an edit on Escape, leaving the address as it was and focus on its Edit', async () => {
    const api = fakeApi().install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' }).focus();
    await user.keyboard('{Enter}');
    const input = within(card).getByRole('textbox', { name: 'Edit don@meadowbrook.test' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'x');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' })).toHaveFocus(),
    );
    expect(
      within(card).queryByRole('textbox', { name: 'Edit don@meadowbrook.test' }),
    ).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editFacilityContact)).toHaveLength(0);
  });

  it("after a delete, moves focus to the next contact's Edit, else the previous one's, else the Add field", async () => {
    fakeApiWith(['a@meadowbrook.test', 'b@meadowbrook.test', 'c@meadowbrook.test']).install();
    const { user } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });

    await deleteByKeyboard(user, card, 'b@meadowbrook.test');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Edit c@meadowbrook.test' })).toHaveFocus(),
    );
    await deleteByKeyboard(user, card, 'c@meadowbrook.test');
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Edit a@meadowbrook.test' })).toHaveFocus(),
    );
    await deleteByKeyboard(user, card, 'a@meadowbrook.test');
    await waitFor(() => expect(within(card).getByLabelText('Add reminder email')).toHaveFocus());
  });

  it("asks before a navigation leaves an address changed in a contact's Edit, and Stay keeps it; the saved address again is nothing to lose", async () => {
    fakeApi().install();
    const { user, router } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' }));
    const input = within(card).getByRole('textbox', { name: 'Edit don@meadowbrook.test' });
    await user.clear(input);
    await user.type(input, 'don2@meadowbrook.test');
    await waitFor(() => expect(isUnloadHeld()).toBe(true));
    await act(() => router.navigate('/dashboard'));
    const question = await screen.findByRole('dialog', { name: SETTINGS_MESSAGES.leaveTitle });
    expect(within(question).getByText(SETTINGS_MESSAGES.leaveMessage)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(currentPath(router)).toBe(PAGE);
    expect(input).toHaveValue('don2@meadowbrook.test');

    await user.clear(input);
    await user.type(input, 'don@meadowbrook.test');
    // The parts tell the page in turn, each after its render: once the page lets the tab close, it lets links go.
    await waitFor(() => expect(isUnloadHeld()).toBe(false));
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: SETTINGS_MESSAGES.leaveTitle })).not.toBeInTheDocument();
  });

  it("leaves at once once a contact's changed address is saved", async () => {
    const api = fakeApi().install();
    const { user, router } = renderApp(PAGE, { token: 'tok' });
    const card = await screen.findByRole('region', { name: 'AUTHORIZATION' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: 'Edit don@meadowbrook.test' }));
    const input = within(card).getByRole('textbox', { name: 'Edit don@meadowbrook.test' });
    await user.clear(input);
    await user.type(input, 'don2@meadowbrook.test{Enter}');
    expect(await screen.findByText('Contact saved')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.editFacilityContact)).toHaveLength(1);
    await waitFor(() => expect(isUnloadHeld()).toBe(false));
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog', { name: SETTINGS_MESSAGES.leaveTitle })).not.toBeInTheDocument();
  });
});
