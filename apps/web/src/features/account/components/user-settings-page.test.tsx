import { defaultUserSettings, ENDPOINTS, MessageAnswerSchema, type UserInfo } from '@portal/domain';
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
