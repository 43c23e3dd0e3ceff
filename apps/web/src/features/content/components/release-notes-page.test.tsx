import {
  CLIENT_CONFIG_PATH,
  ClientConfigSchema,
  CONTENT_MESSAGES,
  DEFAULT_CLIENT_CONFIG,
  ENDPOINTS,
  MessageAnswerSchema,
  type ReleaseNote,
  ReleaseNoteAnswerSchema,
  ReleaseNotesAnswerSchema,
  type Version,
  VersionsAnswerSchema,
} from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { currentPath, renderApp } from '@/test/render-app.tsx';

const notes: ReleaseNote[] = [
  {
    id: 1,
    type: 'Feature',
    title: 'Older note',
    description: '<p>Old</p>',
    date: '2026-10-01',
    author: 'Portal Team',
    pharmUserOnly: false,
  },
  {
    id: 2,
    type: 'Admin',
    title: 'Newer admin note',
    description: '<p onclick="steal()">Admin <strong>only</strong></p><script>window.hacked = true</script>',
    date: '2026-11-01',
    author: 'Portal Team',
    pharmUserOnly: true,
  },
];

/** `count` notes, note N dated N days after 2026-01-01 (so the newest, shown first, has the highest N). */
function manyNotes(count: number): ReleaseNote[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    type: 'Feature',
    title: `Note ${index + 1}`,
    description: `<p>Body ${index + 1}</p>`,
    date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
    author: 'Portal Team',
    pharmUserOnly: false,
  }));
}

function version(n: number): Version {
  return {
    id: n,
    version: `1.${n}.0`,
    title: `Version ${n}`,
    description: `<p>V${n}</p>`,
    pharmUserDescription: '',
    date: '2026-10-01',
    author: 'T',
  };
}

function install(user = pharmacist(), releaseNotes = notes, versions?: Version[]) {
  return new FakeApi()
    .signedIn('tok', user)
    .on('GET', ENDPOINTS.releaseNotes, () => ok(ReleaseNotesAnswerSchema, { releaseNotes }))
    .on('DELETE', '/releasenotes/1', () => ok(MessageAnswerSchema, { message: 'Release note deleted' }))
    .on('PUT', '/releasenotes/1', () =>
      ok(ReleaseNoteAnswerSchema, { releaseNote: { ...(notes[0] as ReleaseNote), title: 'Renamed note' } }),
    )
    .on('GET', ENDPOINTS.versions, () =>
      ok(VersionsAnswerSchema, {
        versions: versions ?? [
          {
            id: 1,
            version: '2.3.1',
            title: 'Fixes',
            description: '<p>F</p>',
            pharmUserDescription: '',
            date: '2026-10-01',
            author: 'T',
          },
          {
            id: 2,
            version: '2.10.0',
            title: 'Big',
            description: '<p>B</p>',
            pharmUserDescription: '<p>For pharmacies</p>',
            date: '2026-11-01',
            author: 'T',
          },
        ],
      }),
    )
    .install();
}

describe('ReleaseNotesPage', () => {
  it("shows notes newest first with 'Admin Only' to a pharmacy user, sanitising the HTML", async () => {
    install();
    renderApp('/info/release-notes', { token: 'tok' });
    const newer = await screen.findByRole('article', { name: 'Newer admin note' }, { timeout: 5000 });
    const articles = screen.getAllByRole('article');
    expect(articles[0]).toBe(newer);
    expect(within(newer).getByText('Admin Only')).toBeInTheDocument();
    expect(newer.innerHTML).not.toMatch(/onclick|script/);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(newer).getByText('only').tagName).toBe('STRONG');
  });

  it('gives a SysAdmin the editor controls and deletes after confirmation', async () => {
    const api = install();
    const { user } = renderApp('/info/release-notes', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Delete Older note' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(api.callsTo('DELETE', '/releasenotes/1')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add release note' })).toBeInTheDocument();
  });

  it('gives the focus back to Delete when its confirmation is cancelled by keyboard', async () => {
    const api = install();
    const { user } = renderApp('/info/release-notes', { token: 'tok' });
    const remove = await screen.findByRole('button', { name: 'Delete Older note' }, { timeout: 5000 });
    remove.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Delete release note' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(api.callsTo('DELETE', '/releasenotes/1')).toHaveLength(0);
  });

  it("puts the focus on the page's heading, not the body, when a note goes while its Delete is being confirmed", async () => {
    const api = install();
    const { user, queryClient } = renderApp('/info/release-notes', { token: 'tok' });
    const remove = await screen.findByRole('button', { name: 'Delete Older note' }, { timeout: 5000 });
    remove.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Delete release note' });
    // Another admin deleted it meanwhile; the list is fetched again (the window's focus, a live update).
    api.on('GET', ENDPOINTS.releaseNotes, () =>
      ok(ReleaseNotesAnswerSchema, { releaseNotes: [notes[1] as ReleaseNote] }),
    );
    await queryClient.invalidateQueries();
    await waitFor(() => expect(remove).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Release Notes' })).toHaveFocus(),
    );
  });

  it('opens Add release note with the cursor in Title, not on the dialog’s close button', async () => {
    install();
    const { user } = renderApp('/info/release-notes', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add release note' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add release note' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveFocus());
  });

  it("edits a note: the schema's message for an empty title, then the changed fields sent", async () => {
    const api = install();
    const { user } = renderApp('/info/release-notes', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit release note' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Older note');
    // The fields the schema requires are marked so, as in the portal's other forms.
    for (const name of [/^Title/, /^Type/, /^Date/])
      expect(within(dialog).getByLabelText(name)).toBeRequired();
    expect(
      await within(dialog).findByRole('textbox', { name: 'Description' }, { timeout: 5000 }),
    ).toBeRequired();
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/releasenotes/1')).toHaveLength(0);

    await user.type(title, 'Renamed note');
    await user.click(within(dialog).getByLabelText('Admin Only (pharmacy users only)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/releasenotes/1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/releasenotes/1')[0]?.body).toEqual({
      type: 'Feature',
      title: 'Renamed note',
      description: '<p>Old</p>',
      date: '2026-10-01',
      pharmUserOnly: true,
    });
  });

  describe('closing an editor that holds changes', () => {
    it('closes at once on Cancel when nothing was changed', async () => {
      install();
      const { user } = renderApp('/info/release-notes', { token: 'tok' });
      await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit release note' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('asks before Cancel throws a typed title away; Keep editing returns to the editor with it', async () => {
      const api = install();
      const { user } = renderApp('/info/release-notes', { token: 'tok' });
      await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit release note' });
      const title = within(dialog).getByRole('textbox', { name: /^Title/ });
      await user.type(title, ' (draft)');
      const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
      await user.click(cancel);
      const question = await screen.findByRole('dialog', { name: CONTENT_MESSAGES.discardTitle });
      await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: CONTENT_MESSAGES.discardTitle })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('dialog', { name: 'Edit release note' })).toBeInTheDocument();
      expect(title).toHaveValue('Older note (draft)');
      await waitFor(() => expect(cancel).toHaveFocus());

      // Escape asks too, the question reached by keyboard alone; Discard closes the editor unsaved.
      await user.click(title);
      await user.keyboard('{Escape}');
      const again = await screen.findByRole('dialog', { name: CONTENT_MESSAGES.discardTitle });
      expect(screen.getByRole('dialog', { name: 'Edit release note' })).toBeInTheDocument();
      // Escape in the question keeps editing, and gives the cursor back to the Title it was in.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(again).not.toBeInTheDocument());
      expect(screen.getByRole('dialog', { name: 'Edit release note' })).toBeInTheDocument();
      await waitFor(() => expect(title).toHaveFocus());

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      const last = await screen.findByRole('dialog', { name: CONTENT_MESSAGES.discardTitle });
      within(last).getByRole('button', { name: 'Discard' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.callsTo('PUT', '/releasenotes/1')).toHaveLength(0);
    });

    it('asks before a navigation (a link, Back) leaves typed text; Stay keeps it, Leave goes', async () => {
      install();
      const { user, router } = renderApp('/info/release-notes', { token: 'tok' });
      await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit release note' });
      const title = within(dialog).getByRole('textbox', { name: /^Title/ });
      await user.type(title, ' (draft)');
      await act(() => router.navigate('/info/versions'));
      const question = await screen.findByRole('dialog', { name: CONTENT_MESSAGES.leaveTitle });
      expect(within(question).getByText(CONTENT_MESSAGES.leaveMessage)).toBeInTheDocument();
      await user.click(within(question).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(question).not.toBeInTheDocument());
      expect(currentPath(router)).toBe('/info/release-notes');
      expect(title).toHaveValue('Older note (draft)');

      await act(() => router.navigate('/info/versions'));
      const again = await screen.findByRole('dialog', { name: CONTENT_MESSAGES.leaveTitle });
      await user.click(within(again).getByRole('button', { name: 'Leave without saving' }));
      await screen.findByRole('heading', { level: 1, name: 'Versions' });
      expect(screen.queryByRole('dialog', { name: 'Edit release note' })).not.toBeInTheDocument();
    });

    it('leaves at once, without asking, when nothing was changed', async () => {
      install();
      const { user, router } = renderApp('/info/release-notes', { token: 'tok' });
      await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
      await screen.findByRole('dialog', { name: 'Edit release note' });
      await act(() => router.navigate('/info/versions'));
      await screen.findByRole('heading', { level: 1, name: 'Versions' });
      expect(screen.queryByRole('dialog', { name: CONTENT_MESSAGES.leaveTitle })).not.toBeInTheDocument();
    });

    it('lets the idle sign-out through without asking: nobody is there to answer', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      install().on('GET', CLIENT_CONFIG_PATH, () =>
        ok(ClientConfigSchema, { ...DEFAULT_CLIENT_CONFIG, idleTimeoutSeconds: 5, idleCountdownSeconds: 3 }),
      );
      const { user, router } = renderApp('/info/release-notes', {
        token: 'tok',
        advanceTimers: vi.advanceTimersByTime,
      });
      await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit release note' });
      await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), ' (draft)');
      await act(() => vi.advanceTimersByTimeAsync(8_200));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(currentPath(router)).toBe('/account/login');
      expect(screen.queryByRole('dialog', { name: CONTENT_MESSAGES.leaveTitle })).not.toBeInTheDocument();
    });

    it('has the browser ask before the tab closes or reloads on typed text, and not once it is saved', async () => {
      install();
      const { user } = renderApp('/info/release-notes', { token: 'tok' });
      const unload = () => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      };
      await user.click(await screen.findByRole('button', { name: 'Edit Older note' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit release note' });
      expect(unload()).toBe(false);
      await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'x');
      expect(unload()).toBe(true);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(unload()).toBe(false);
    });

    it('closes at once when what was typed has been taken back out', async () => {
      install();
      const { user } = renderApp('/info/release-notes', { token: 'tok' });
      await user.click(await screen.findByRole('button', { name: 'Add release note' }, { timeout: 5000 }));
      const dialog = await screen.findByRole('dialog', { name: 'Add release note' });
      const title = within(dialog).getByRole('textbox', { name: /^Title/ });
      await user.type(title, 'x');
      await user.clear(title);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  it("hides the 'Admin Only' tag and the editor from a facility user", async () => {
    install(nurse());
    renderApp('/info/release-notes', { token: 'tok' });
    await screen.findByRole('article', { name: 'Older note' }, { timeout: 5000 });
    expect(screen.queryByText('Admin Only')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add release note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('draws the newest 20 notes, then 20 more on request, the focus on the first added card', async () => {
    install(nurse(), manyNotes(45));
    const { user } = renderApp('/info/release-notes', { token: 'tok' });
    await screen.findByRole('article', { name: 'Note 45' }, { timeout: 5000 });
    const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(titles()).toHaveLength(20);
    expect(titles().at(-1)).toBe('Note 26');
    expect(screen.getByText('Showing 20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 20 more...' }));
    expect(titles()).toHaveLength(40);
    // A reader's card has no control of its own: the card itself takes the focus, where the reading goes on.
    await waitFor(() => expect(screen.getByRole('article', { name: 'Note 25' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Show 5 more...' }));
    expect(titles()).toHaveLength(45);
    expect(titles().at(-1)).toBe('Note 1');
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });
});

describe('VersionsPage', () => {
  it("puts the focus on the page's heading, not the body, when a version goes while its Delete is being confirmed", async () => {
    const api = install();
    const { user, queryClient } = renderApp('/info/versions', { token: 'tok' });
    const remove = await screen.findByRole('button', { name: 'Delete 2.3.1: Fixes' }, { timeout: 5000 });
    remove.focus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('dialog', { name: 'Delete version' });
    // Another admin deleted it meanwhile; the list is fetched again (the window's focus, a live update).
    api.on('GET', ENDPOINTS.versions, () => ok(VersionsAnswerSchema, { versions: [version(2)] }));
    await queryClient.invalidateQueries();
    await waitFor(() => expect(remove).not.toBeInTheDocument());
    within(question).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Versions' })).toHaveFocus());
  });

  it('opens Add version with the cursor in Version, not on the dialog’s close button', async () => {
    install();
    const { user } = renderApp('/info/versions', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Add version' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add version' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Version/ })).toHaveFocus());
  });

  it('asks before Escape throws away a typed version title, and closes once Discard is chosen', async () => {
    install();
    const { user } = renderApp('/info/versions', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Edit 2.3.1: Fixes' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit version' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), ' and more');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: CONTENT_MESSAGES.discardTitle });
    expect(within(question).getByText(CONTENT_MESSAGES.discardMessage)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sorts by version descending and shows the admin update to pharmacy users only', async () => {
    install();
    const view = renderApp('/info/versions', { token: 'tok' });
    await screen.findByRole('article', { name: '2.10.0: Big' }, { timeout: 5000 });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      '2.10.0: Big',
      '2.3.1: Fixes',
    ]);
    expect(screen.getByText('For pharmacies')).toBeInTheDocument();
    view.unmount();
    install(nurse());
    renderApp('/info/versions', { token: 'tok' });
    await screen.findByRole('article', { name: '2.10.0: Big' }, { timeout: 5000 });
    expect(screen.queryByText('For pharmacies')).not.toBeInTheDocument();
  });

  it("draws 20 versions at first; 'Show 5 more...' puts the focus on the first added card's Edit", async () => {
    install(
      pharmacist(),
      notes,
      Array.from({ length: 25 }, (_, index) => version(index + 1)),
    );
    const { user } = renderApp('/info/versions', { token: 'tok' });
    await screen.findByRole('article', { name: '1.25.0: Version 25' }, { timeout: 5000 });
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByRole('article', { name: '1.5.0: Version 5' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 5 more...' }));
    expect(screen.getAllByRole('article')).toHaveLength(25);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit 1.5.0: Version 5' })).toHaveFocus());
  });
});
