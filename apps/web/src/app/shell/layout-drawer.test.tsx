import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('Layout drawer', () => {
  it('switches to the horizontal menu and keeps the choice in local storage', async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    const app = renderApp('/dashboard', { token: 'tok' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-sidebar-theme', 'dark');

    await app.user.click(screen.getByRole('button', { name: 'Layout settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Layout' });
    await app.user.click(within(drawer).getByRole('radio', { name: 'Horizontal (top navigation)' }));

    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(menu.closest('header')).not.toBeNull();
    expect(JSON.parse(window.localStorage.getItem('portal.layout') ?? '{}')).toMatchObject({
      layout: 'topnav',
    });
  });
});
