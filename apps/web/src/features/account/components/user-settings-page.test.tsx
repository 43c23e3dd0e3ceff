import { defaultUserSettings, ENDPOINTS, MessageAnswerSchema, type UserInfo, WIDGETS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

function fakeApi(start: UserInfo) {
  let user = start;
  return new FakeApi()
    .on('GET', ENDPOINTS.tokenInfo, () => ({ status: 200, body: { userInfo: user } }))
    .on('POST', ENDPOINTS.userSetting, (call) => {
      const { settingValues } = call.body as { settingValues: Record<string, number | boolean> };
      user = { ...user, userSettings: { ...user.userSettings, ...settingValues } };
      return ok(MessageAnswerSchema, { message: `successfully saved settings for ${user.displayName}` });
    });
}

const admin = () =>
  nurse({
    email: 'admin@meadowbrook.test',
    displayName: 'Ada Admin',
    userRole: 'facilityadmin',
    entityTypeAndRole: [{ facid: 101, userRole: 'facilityadmin' }],
  });

describe('Alerts dashboard configuration', () => {
  it('gives the focus back to Save settings when Later closes the question', async () => {
    fakeApi(nurse()).install();
    const { user } = renderApp('/settings/userSettings', { token: 'tok' });
    await screen.findByRole('heading', { level: 1, name: 'Alerts Dashboard Configuration' });
    await user.click(screen.getByRole('switch', { name: 'Show CLARIFICATIONS' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply the new dashboard settings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Apply the new dashboard settings?' }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toHaveFocus());
  });

  it('saves order and visibility of every widget, then asks to log out now or later', async () => {
    const api = fakeApi(nurse()).install();
    const { user, router } = renderApp('/settings/userSettings', { token: 'tok' });
    await screen.findByRole('heading', { level: 1, name: 'Alerts Dashboard Configuration' });
    expect(screen.queryByRole('switch', { name: /Lock dashboard settings/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show CLARIFICATIONS' }));
    const order = screen.getByRole('textbox', { name: 'Sort order of NON-COVERED' });
    await user.clear(order);
    await user.type(order, '1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('successfully saved settings for Nora Nurse')).toBeInTheDocument();
    const body = api.callsTo('POST', ENDPOINTS.userSetting)[0]?.body as {
      UserId: number;
      settingValues: Record<string, unknown>;
    };
    expect(body.UserId).toBe(1);
    expect(body.settingValues).toMatchObject({
      widget_openBatch_Show: false,
      widget_highCost_Show: true,
      widget_nonCovered_SortOrder: 1,
    });
    expect(body.settingValues).not.toHaveProperty('allowToSetSettings');

    const dialog = await screen.findByRole('dialog', { name: 'Apply the new dashboard settings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Later' }));
    expect(currentPath(router)).toBe('/settings/userSettings');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Apply the new dashboard settings?' })).getByRole(
        'button',
        { name: 'Log out now' },
      ),
    );
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(currentPath(router)).toBe('/account/login');
  });

  it('never sends two widgets one sort order: a typed order swaps with the widget that held it', async () => {
    // Stored orders that repeat (saved before the server kept them apart) start as distinct ones.
    const settings = { ...defaultUserSettings(), widget_openBatch_SortOrder: 1 };
    const api = fakeApi(nurse({ userSettings: settings })).install();
    const { user } = renderApp('/settings/userSettings', { token: 'tok' });
    await screen.findByRole('heading', { level: 1, name: 'Alerts Dashboard Configuration' });
    const orderOf = (title: string) => screen.getByRole('textbox', { name: `Sort order of ${title}` });
    expect(orderOf('AUTHORIZATION')).toHaveValue('1');
    expect(orderOf('CLARIFICATIONS')).toHaveValue('2');
    // 10 is typed as 1 and then 10: only the widget that held 10 moves, to the order NON-COVERED held.
    const holderOf10 = WIDGETS[9]?.title ?? '';
    await user.clear(orderOf('NON-COVERED'));
    await user.type(orderOf('NON-COVERED'), '10');
    await user.tab();
    expect(orderOf('NON-COVERED')).toHaveValue('10');
    expect(orderOf(holderOf10)).toHaveValue('3');
    expect(orderOf('AUTHORIZATION')).toHaveValue('1');
    // Cleared and left empty, the field keeps its order.
    await user.clear(orderOf('AUTHORIZATION'));
    await user.tab();
    expect(orderOf('AUTHORIZATION')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('successfully saved settings for Nora Nurse');
    const body = api.callsTo('POST', ENDPOINTS.userSetting)[0]?.body as {
      settingValues: Record<string, unknown>;
    };
    const orders = Object.entries(body.settingValues)
      .filter(([key]) => key.endsWith('_SortOrder'))
      .map(([, value]) => Number(value))
      .sort((a, b) => a - b);
    expect(orders).toEqual(WIDGETS.map((_, i) => i + 1));
  });

  it('shows a locked user the notice and no way to edit', async () => {
    const api = fakeApi(
      nurse({ userSettings: { ...defaultUserSettings(), allowToSetSettings: false } }),
    ).install();
    renderApp('/settings/userSettings', { token: 'tok' });
    expect(
      await screen.findByText('your dashboard settings are managed by another user'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show AUTHORIZATION' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(api.callsTo('POST', ENDPOINTS.userSetting)).toHaveLength(0);
  });

  it('gives an administrator the lock switch, which sends allowToSetSettings as its opposite', async () => {
    const api = fakeApi(admin()).install();
    const { user } = renderApp('/settings/userSettings', { token: 'tok' });
    const lock = await screen.findByRole('switch', { name: /Lock dashboard settings/ });
    expect(lock).not.toBeChecked();
    await user.click(lock);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('successfully saved settings for Ada Admin');
    const body = api.callsTo('POST', ENDPOINTS.userSetting)[0]?.body as { settingValues: object };
    expect(body.settingValues).toMatchObject({ allowToSetSettings: false });
  });
});
