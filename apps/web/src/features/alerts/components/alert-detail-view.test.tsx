import {
  ACTION_MESSAGES,
  ALERT_ID_MESSAGES,
  ENDPOINTS,
  LoginAnswerSchema,
  MessageAnswerSchema,
  type RequestedAction,
  widgetByKey,
} from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertFixture, listAnswer, withDetail, withOrganisations } from '@/test/alert-fixtures.ts';
import { FakeApi, fail, holdRequests, ok } from '@/test/fake-api.ts';
import { nurse, pharmacist } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { draftKey, readDraft } from '../api/action-drafts.ts';

const authorization = widgetByKey('highCost');
const clarifications = widgetByKey('openBatch');
const refill = widgetByKey('refillTooSoon');

function setUp(
  options: {
    user?: ReturnType<typeof nurse>;
    facID?: 101 | 102;
    readByFaci?: boolean | null;
    widget?: typeof authorization;
    requestedActions?: RequestedAction[];
  } = {},
) {
  const widget = options.widget ?? authorization;
  const alert = alertFixture({
    rxNo: 'RX9',
    facID: options.facID ?? 101,
    readByFaci: options.readByFaci === undefined ? true : options.readByFaci,
    ...(options.requestedActions ? { requestedActions: options.requestedActions } : {}),
  });
  const api = withDetail(
    withOrganisations(new FakeApi().signedIn('tok', options.user ?? nurse())),
    widget,
    'RX9',
    alert,
  )
    .on('POST', ENDPOINTS.requestAction, () =>
      ok(MessageAnswerSchema, { message: 'Discuss sent for Rx RX9' }),
    )
    .on('POST', widget.readCall, () => ok(MessageAnswerSchema, { message: 'Marked as read' }))
    .install();
  const app = renderApp(`${widget.detailPath}/RX9`, { token: 'tok' });
  return { api, app, alert };
}

async function actions() {
  return screen.findByRole('group', { name: 'Actions' });
}

describe('action buttons', () => {
  it('offers every authorization button at a facility that grants them all', async () => {
    setUp();
    const names = within(await actions())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Approve', 'Deny', 'Limit Days', 'Approve Once', 'Discuss']);
  });

  it('shows Discuss only at facility 102', async () => {
    setUp({ facID: 102 });
    const names = within(await actions())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Discuss']);
  });

  it('shows the red credentials notice and no buttons without messaging credentials', async () => {
    setUp({ user: nurse({ mediprocityUser: false }) });
    // The spec's words exactly, with no full stop after them.
    expect(
      await screen.findByText('SpecialtyRx Now credentials are required for user actions'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set SpecialtyRx Now credentials' })).toHaveAttribute(
      'href',
      '/settings/specialtyRxNow',
    );
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discuss' })).not.toBeInTheDocument();
  });
});

describe('action dialogs', () => {
  it('names the patient and drug above both tabs and in every action dialog', async () => {
    const { app, alert } = setUp();
    const subject = `${alert.patName} · Apixaban 5 mg tablet`;
    expect(await screen.findByText(subject)).toBeInTheDocument();
    await app.user.click(screen.getByRole('tab', { name: /Actions\/Discussions/ }));
    expect(screen.getByText(subject)).toBeInTheDocument();
    for (const name of ['Approve', 'Discuss']) {
      await app.user.click(within(await actions()).getByRole('button', { name }));
      const dialog = await screen.findByRole('dialog', { name });
      expect(within(dialog).getByText(`For ${subject}`)).toBeInTheDocument();
      await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
    }
  });

  it('keeps a question closed unsent for the next time the dialog opens, and forgets it once sent', async () => {
    const { app } = setUp();
    const openDiscuss = async () => {
      await app.user.click(within(await actions()).getByRole('button', { name: 'Discuss' }));
      return screen.findByRole('dialog', { name: 'Discuss' });
    };
    let dialog = await openDiscuss();
    await app.user.type(within(dialog).getByLabelText(/Enter Question/), 'Is the generic in stock');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discuss' })).not.toBeInTheDocument());
    dialog = await openDiscuss();
    expect(within(dialog).getByLabelText(/Enter Question/)).toHaveValue('Is the generic in stock');
    await app.user.type(within(dialog).getByLabelText(/Enter Question/), '?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Discuss' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discuss' })).not.toBeInTheDocument());
    dialog = await openDiscuss();
    expect(within(dialog).getByLabelText(/Enter Question/)).toHaveValue('');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discuss' })).not.toBeInTheDocument());

    // The optional comment of the other actions is kept the same way, apart for each action.
    const openApprove = async () => {
      await app.user.click(within(await actions()).getByRole('button', { name: 'Approve' }));
      return screen.findByRole('dialog', { name: 'Approve' });
    };
    dialog = await openApprove();
    await app.user.type(within(dialog).getByRole('textbox'), 'Approved for 30 days');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve' })).not.toBeInTheDocument());
    dialog = await openApprove();
    expect(within(dialog).getByRole('textbox')).toHaveValue('Approved for 30 days');
  });

  it('requires a question to Discuss, then sends it and closes', async () => {
    const { api, app } = setUp();
    await app.user.click(within(await actions()).getByRole('button', { name: 'Discuss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discuss' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Discuss' }));
    expect(await within(dialog).findByText('Please enter a question')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText(/Enter Question/), 'Can this wait?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Discuss' }));
    expect(await screen.findByText('Discuss sent for Rx RX9')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Discuss' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      requestedAction: 'ask',
      widget: 'HighCost',
      actionComment: 'Can this wait?',
    });
  });

  it('needs a Send reason, and a comment after Other', async () => {
    const { api, app } = setUp({ widget: clarifications });
    await app.user.click(within(await actions()).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please select a reason')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('radio', { name: 'Other. See comment...' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please enter a comment')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(0);
    await app.user.type(within(dialog).getByLabelText(/Comment/), 'MD called back');
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Discuss sent for Rx RX9');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      requestedAction: 'send',
      widget: 'openBatch',
      actionComment: 'Other. See comment...: MD called back',
    });
  });

  it('needs a day choice for Limit Days and sends limitDays with the warning shown', async () => {
    const { api, app } = setUp();
    await app.user.click(within(await actions()).getByRole('button', { name: 'Limit Days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limit Days' });
    expect(within(dialog).getByText(/smallest available package size/)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Limit Days' }));
    expect(await within(dialog).findByText('Please choose 1 to 30 days')).toBeInTheDocument();
    await app.user.click(within(dialog).getByPlaceholderText('Choose days'));
    await app.user.click(await screen.findByRole('option', { name: '7 Days' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Limit Days' }));
    await screen.findByText('Discuss sent for Rx RX9');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      requestedAction: 'submitlimit',
      limitDays: 7,
    });
  });

  it("says 'Error sending user action' with the server's message when refused, and the message in the dialog", async () => {
    const { api, app } = setUp();
    api.on('POST', ENDPOINTS.requestAction, () =>
      fail(403, 'You do not have permission for this action', 'FORBIDDEN'),
    );
    await app.user.click(within(await actions()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    expect(within(dialog).getByLabelText('Comment (not required)')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Error sending user action')).toBeInTheDocument();
    // In the toast, and in the dialog, whose Approve is there to press again.
    expect(screen.getAllByText('You do not have permission for this action')).toHaveLength(2);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You do not have permission for this action');
  });

  it('sends the UUID of the alert on screen, and says so when the server finds the alert changed', async () => {
    const { api, app, alert } = setUp();
    api.on('POST', ENDPOINTS.requestAction, () => fail(409, ACTION_MESSAGES.alertChanged, 'CONFLICT'));
    await app.user.click(within(await actions()).getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Error sending user action')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'This alert has changed since you opened it. Reload it and try again.',
    );
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      _internalID: alert._internalID,
      _internalUUID: alert._internalUUID,
    });
  });
});

describe('keyboard focus in the action dialogs', () => {
  it.each([
    ['Send', 'MD aware of interaction and approved'],
    ['Do Not Send', 'new Rx of change order will be sent to pharmacy'],
  ])('opens %s with focus on the first reason', async (action, firstReason) => {
    const { app } = setUp({ widget: clarifications });
    await app.user.click(within(await actions()).getByRole('button', { name: action }));
    const dialog = await screen.findByRole('dialog', { name: action });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: firstReason })).toHaveFocus());
  });

  it('moves focus to the reason, with its message as its description, when Submit has none', async () => {
    const { app } = setUp({ widget: clarifications });
    await app.user.click(within(await actions()).getByRole('button', { name: 'Do Not Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do Not Send' });
    within(dialog).getByRole('button', { name: 'Submit' }).focus();
    await app.user.keyboard('{Enter}');
    const first = within(dialog).getByRole('radio', {
      name: 'new Rx of change order will be sent to pharmacy',
    });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveAccessibleDescription('Please select a reason');
  });

  it("moves focus to the comment when 'Other' has none", async () => {
    const { app } = setUp({ widget: clarifications });
    await app.user.click(within(await actions()).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send' });
    await app.user.click(within(dialog).getByRole('radio', { name: 'Other. See comment...' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ });
    await waitFor(() => expect(comment).toHaveFocus());
    expect(comment).toHaveAccessibleDescription('Please enter a comment');
  });

  it('moves focus to the days, with its message as its description, when Limit Days has none', async () => {
    const { app } = setUp();
    await app.user.click(within(await actions()).getByRole('button', { name: 'Limit Days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Limit Days' });
    within(dialog).getByRole('button', { name: 'Limit Days' }).focus();
    await app.user.keyboard('{Enter}');
    const days = within(dialog).getByPlaceholderText('Choose days');
    await waitFor(() => expect(days).toHaveFocus());
    expect(days).toHaveAccessibleDescription('Please choose 1 to 30 days');
  });
});

describe('keyboard focus after a refused value', () => {
  it('moves focus to the question, with its message as its description, when Discuss has none', async () => {
    const { app } = setUp();
    await app.user.click(within(await actions()).getByRole('button', { name: 'Discuss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discuss' });
    within(dialog).getByRole('button', { name: 'Discuss' }).focus();
    await app.user.keyboard('{Enter}');
    const question = within(dialog).getByRole('textbox', { name: /Enter Question/ });
    await waitFor(() => expect(question).toHaveFocus());
    expect(question).toHaveAccessibleDescription('Please enter a question');
  });

  type App = ReturnType<typeof setUp>['app'];
  it.each([
    {
      name: 'Approve',
      widget: authorization,
      field: 'actionComment',
      fill: (d: HTMLElement, a: App) => a.user.type(within(d).getByLabelText('Comment (not required)'), 'Ok'),
      target: (d: HTMLElement) => within(d).getByRole('textbox', { name: 'Comment (not required)' }),
    },
    {
      name: 'Discuss',
      widget: authorization,
      field: 'actionComment',
      fill: (d: HTMLElement, a: App) =>
        a.user.type(within(d).getByLabelText(/Enter Question/), 'Can this wait?'),
      target: (d: HTMLElement) => within(d).getByRole('textbox', { name: /Enter Question/ }),
    },
    {
      name: 'Limit Days',
      widget: authorization,
      field: 'limitDays',
      fill: async (d: HTMLElement, a: App) => {
        await a.user.click(within(d).getByPlaceholderText('Choose days'));
        await a.user.click(await screen.findByRole('option', { name: '7 Days' }));
      },
      target: (d: HTMLElement) => within(d).getByPlaceholderText('Choose days'),
    },
    {
      name: 'Send',
      submit: 'Submit',
      widget: clarifications,
      field: 'actionComment',
      fill: (d: HTMLElement, a: App) => a.user.click(within(d).getByRole('radio', { name: 'MD Okayed' })),
      target: (d: HTMLElement) => within(d).getByRole('radio', { name: 'MD Okayed' }),
    },
  ])('moves focus to the field the server refuses in $name, its message read with it', async (entry) => {
    const { api, app } = setUp({ widget: entry.widget });
    api.on('POST', ENDPOINTS.requestAction, () =>
      fail(400, 'The request is not valid.', 'VALIDATION_FAILED', {
        [entry.field]: 'Refused by the pharmacy',
      }),
    );
    await app.user.click(within(await actions()).getByRole('button', { name: entry.name }));
    const dialog = await screen.findByRole('dialog', { name: entry.name });
    await entry.fill(dialog, app);
    within(dialog)
      .getByRole('button', { name: entry.submit ?? entry.name })
      .focus();
    await app.user.keyboard('{Enter}');
    await waitFor(() => expect(entry.target(dialog)).toHaveFocus());
    expect(entry.target(dialog)).toHaveAccessibleDescription('Refused by the pharmacy');
  });
});

describe('pharmacy reply', () => {
  async function openReply() {
    const { api, app, alert } = setUp({ user: pharmacist() });
    await app.user.click(await screen.findByRole('tab', { name: /Actions\/Discussions/ }));
    await screen.findByRole('button', { name: 'Send Reply' });
    return { api, app, alert, reply: screen.getByRole('textbox', { name: 'Reply' }) };
  }

  it('moves focus to the empty reply, with its message as its description', async () => {
    const { api, app } = await openReply();
    screen.getByRole('button', { name: 'Send Reply' }).focus();
    await app.user.keyboard('{Enter}');
    const reply = screen.getByRole('textbox', { name: 'Reply' });
    await waitFor(() => expect(reply).toHaveFocus());
    expect(reply).toHaveAccessibleDescription('Please enter a comment');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(0);
  });

  it('keeps a reply typed and left unsent for when the alert is opened again', async () => {
    const { app, reply } = await openReply();
    await app.user.type(reply, 'Checking with the prescriber');
    app.unmount();
    // The same alert opened again (same widget and number): the reply is there.
    const again = renderApp(app.router.state.location.pathname, { token: 'tok' });
    await again.user.click(await screen.findByRole('tab', { name: /Actions\/Discussions/ }));
    expect(await screen.findByRole('textbox', { name: 'Reply' })).toHaveValue('Checking with the prescriber');
  });

  it("says under the reply why the server refused it, not only 'The request is not valid.'", async () => {
    const { api, app, reply } = await openReply();
    const tooLong = ACTION_MESSAGES.commentTooLong;
    api.on('POST', ENDPOINTS.requestAction, () =>
      fail(400, 'The request is not valid.', 'VALIDATION_FAILED', { actionComment: tooLong }),
    );
    await app.user.type(reply, 'A reply the server refuses');
    await app.user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveAccessibleDescription(tooLong),
    );
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('A reply the server refuses');
  });

  it('keeps what was typed while the reply was on its way, and only that, once it is sent', async () => {
    const { api, app, reply } = await openReply();
    await app.user.type(reply, 'Refill sent today.');
    // The answer waits for the test's word, so the pharmacist can type on meanwhile.
    const answer = holdRequests(ENDPOINTS.requestAction);
    await app.user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled());
    await app.user.type(screen.getByRole('textbox', { name: 'Reply' }), ' Next delivery is Monday.');
    answer();
    expect(await screen.findByText('Discuss sent for Rx RX9')).toBeInTheDocument();
    // The sent words go; the next thought stays (the whole reply was emptied, losing it).
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('Next delivery is Monday.'),
    );
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      actionComment: 'Refill sent today.',
    });
  });

  it('does not bring back a reply sent from a page left before the answer came', async () => {
    const { api, app, alert } = await openReply();
    await app.user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Refill sent today.');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await app.user.click(screen.getByRole('button', { name: 'Send Reply' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled());
    // The pharmacist moves on (Escape, the next alert) while the reply is on its way; the server stores it.
    app.unmount();
    answer();
    await waitFor(() => expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(1));
    const key = draftKey(authorization.key, alert._internalID, 'Reply');
    // The draft was cleared only by the gone box's own callback, so the sent reply waited in the box to be sent
    // again the next time the alert was opened.
    await waitFor(() => expect(readDraft(key).text).toBe(''));
    const again = renderApp(app.router.state.location.pathname, { token: 'tok' });
    await again.user.click(await screen.findByRole('tab', { name: /Actions\/Discussions/ }));
    expect(await screen.findByRole('textbox', { name: 'Reply' })).toHaveValue('');
  });

  it('offers no second Send of a reply on its way in a box opened again, and keeps what was typed after', async () => {
    const { api, app, alert } = await openReply();
    const box = () => screen.getByRole('textbox', { name: 'Reply' });
    const sendButton = () => screen.getByRole('button', { name: 'Send Reply' });
    await app.user.type(box(), 'Refill sent today.');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await app.user.click(sendButton());
    await waitFor(() => expect(sendButton()).toBeDisabled());
    // The pharmacist opens the alert again before the answer: the box still holds the words on their way (they
    // stay if the server refuses them), and its Send waited for nothing: pressed, it sent them a second time.
    app.unmount();
    const again = renderApp(app.router.state.location.pathname, { token: 'tok' });
    await again.user.click(await screen.findByRole('tab', { name: /Actions\/Discussions/ }));
    expect(await screen.findByRole('textbox', { name: 'Reply' })).toHaveValue('Refill sent today.');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending...');
    // The pharmacist types on meanwhile, as in the box that sent it.
    await again.user.type(box(), ' Next delivery is Monday.');
    answer();
    await waitFor(() => expect(box()).toHaveValue('Next delivery is Monday.'));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(screen.getByRole('status')).toHaveTextContent('');
    // What is left is a reply of its own, sent alone.
    await again.user.click(sendButton());
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(readDraft(draftKey(authorization.key, alert._internalID, 'Reply')).text).toBe('');
    expect(
      api
        .callsTo('POST', ENDPOINTS.requestAction)
        .map((c) => (c.body as { actionComment: string }).actionComment),
    ).toEqual(['Refill sent today.', 'Next delivery is Monday.']);
  });

  it('gives a reply refused while its box was closed back to a box opened again meanwhile, to be sent again', async () => {
    const { api, app } = await openReply();
    const box = () => screen.getByRole('textbox', { name: 'Reply' });
    const sendButton = () => screen.getByRole('button', { name: 'Send Reply' });
    await app.user.type(box(), 'Refill sent today.');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await app.user.click(sendButton());
    await waitFor(() => expect(sendButton()).toBeDisabled());
    app.unmount();
    const again = renderApp(app.router.state.location.pathname, { token: 'tok' });
    await again.user.click(await screen.findByRole('tab', { name: /Actions\/Discussions/ }));
    expect(await screen.findByRole('textbox', { name: 'Reply' })).toHaveValue('Refill sent today.');
    expect(sendButton()).toBeDisabled();
    api.on('POST', ENDPOINTS.requestAction, () =>
      fail(403, 'You do not have permission for this action', 'FORBIDDEN'),
    );
    answer();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(box()).toHaveValue('Refill sent today.');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(1);
    // The box says why, as the one that sent it would have (only the toast said it), until the words are sent again.
    const form = box().closest('form') as HTMLFormElement;
    expect(within(form).getByRole('alert')).toHaveTextContent('You do not have permission for this action');
    expect(box()).toHaveAccessibleDescription('You do not have permission for this action');
    // Refused, the words are the pharmacist's to send again.
    api.on('POST', ENDPOINTS.requestAction, () => ok(MessageAnswerSchema, { message: 'Reply sent' }));
    await again.user.click(sendButton());
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(2);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['a click', 'mouse'],
    ['the keyboard', 'keyboard'],
  ] as const)(
    'keeps focus in the reply while a reply sent by %s is on its way, and after',
    async (_how, how) => {
      const { app, reply } = await openReply();
      await app.user.type(reply, 'Refill sent today.');
      const answer = holdRequests(ENDPOINTS.requestAction);
      const send = screen.getByRole('button', { name: 'Send Reply' });
      if (how === 'mouse') await app.user.click(send);
      else {
        send.focus();
        await app.user.keyboard('{Enter}');
      }
      // Send Reply is disabled while it waits (a browser drops focus to the page's body), so the pharmacist is put
      // back in the box, where they can type on.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reply' })).toBeDisabled());
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveFocus());
      answer();
      expect(await screen.findByText('Discuss sent for Rx RX9')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue(''));
      expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveFocus();
    },
  );

  it('gives focus back to the emptied reply after Send Reply', async () => {
    const { api, app, reply } = await openReply();
    await app.user.type(reply, 'Refill sent today');
    await app.user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Discuss sent for Rx RX9')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue(''));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveFocus());
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      requestedAction: 'Reply',
      actionComment: 'Refill sent today',
    });
  });
});

describe('a draft when the session ends', () => {
  const question = () => screen.getByRole('textbox', { name: /Enter Question/ });
  async function openDiscuss(app: ReturnType<typeof renderApp>) {
    await app.user.click(within(await actions()).getByRole('button', { name: 'Discuss' }));
    return screen.findByRole('dialog', { name: 'Discuss' });
  }
  async function signIn(app: ReturnType<typeof renderApp>, email: string) {
    await app.user.type(await screen.findByLabelText('Email'), email);
    await app.user.type(screen.getByLabelText('Password'), 'portal-demo-1');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  }
  /** The nurse's session 'tok', then `next`'s 'tok-2' from the sign-in page. */
  function secondSession(api: FakeApi, next: ReturnType<typeof nurse>) {
    api
      .on('POST', ENDPOINTS.login, () => ok(LoginAnswerSchema, { token: 'tok-2', userInfo: next }))
      .on('GET', ENDPOINTS.tokenInfo, (call) =>
        call.authorization === 'Bearer tok'
          ? { status: 200, body: { userInfo: nurse() } }
          : call.authorization === 'Bearer tok-2'
            ? { status: 200, body: { userInfo: next } }
            : fail(401, 'Sign in to continue.', 'UNAUTHORIZED'),
      );
  }
  /** A nurse's question, typed and sent just as her session expired (a 401), and her at sign-in. */
  async function expiredWhileAsking(next: ReturnType<typeof nurse>) {
    const { api, app } = setUp();
    secondSession(api, next);
    api.on('POST', ENDPOINTS.requestAction, () => fail(401, 'Sign in to continue.', 'UNAUTHORIZED'));
    const detail = app.router.state.location.pathname;
    const dialog = await openDiscuss(app);
    await app.user.type(within(dialog).getByLabelText(/Enter Question/), 'Is the generic in stock?');
    await app.user.click(within(dialog).getByRole('button', { name: 'Discuss' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    return { api, app, detail };
  }

  it('comes back when the same user signs in again in this tab', async () => {
    const { app, detail } = await expiredWhileAsking(nurse());
    await signIn(app, 'nurse@meadowbrook.test');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(detail));
    await openDiscuss(app);
    // The end of the session dropped every draft: what she had typed was gone.
    await waitFor(() => expect(question()).toHaveValue('Is the generic in stock?'));
    expect(
      within(screen.getByRole('dialog', { name: 'Discuss' })).getByRole('button', { name: 'Discuss' }),
    ).toBeEnabled();
  });

  it('is never shown to another user who signs in on that tab', async () => {
    const other = nurse({ userId: 7, email: 'night@meadowbrook.test', displayName: 'Nina Night' });
    const { app, detail } = await expiredWhileAsking(other);
    await signIn(app, 'night@meadowbrook.test');
    await waitFor(() => expect(app.router.state.location.pathname).toBe(detail));
    await openDiscuss(app);
    expect(question()).toHaveValue('');
  });

  it('is dropped at a sign-out, for the same user too', async () => {
    const { api, app } = setUp();
    secondSession(api, nurse());
    const detail = app.router.state.location.pathname;
    const dialog = await openDiscuss(app);
    await app.user.type(within(dialog).getByLabelText(/Enter Question/), 'Is the generic in stock?');
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discuss' })).not.toBeInTheDocument());
    await app.user.click(screen.getByTestId('user-menu-button'));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await signIn(app, 'nurse@meadowbrook.test');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await app.router.navigate(detail);
    await openDiscuss(app);
    expect(question()).toHaveValue('');
  });
});

describe('read state', () => {
  it('shows the read toggle where the facility allows manual marking', async () => {
    setUp({ readByFaci: true });
    expect(await screen.findByRole('switch', { name: 'Read' })).toBeChecked();
  });

  it('hides the toggle for an alert whose read state is not markable', async () => {
    setUp({ readByFaci: null });
    await actions();
    expect(screen.queryByRole('switch', { name: 'Read' })).not.toBeInTheDocument();
  });

  it('hides the toggle from pharmacy users and never marks read for them', async () => {
    const { api, app } = setUp({ user: pharmacist(), readByFaci: false });
    await app.user.click(await screen.findByRole('tab', { name: /Actions\/Discussions/ }));
    expect(await screen.findByRole('button', { name: 'Send Reply' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Read' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', authorization.readCall)).toHaveLength(0);
  });

  it('marks an unread alert read once on open where the facility marks automatically', async () => {
    const { api } = setUp({ readByFaci: false });
    await actions();
    await screen.findByRole('switch', { name: 'Read' });
    expect(api.callsTo('POST', authorization.readCall).map((c) => c.body)).toEqual([
      { _internalID: expect.any(Number), readByFaci: true },
    ]);
  });

  it('lets a nurse mark a read alert unread where the facility marks automatically, without marking it read again', async () => {
    const { api, app, alert } = setUp({ readByFaci: true });
    // The server keeps what it is told, so the refetch after the change answers the alert unread.
    api.on('POST', authorization.readCall, (call) => {
      alert.readByFaci = (call.body as { readByFaci: boolean }).readByFaci;
      return ok(MessageAnswerSchema, { message: 'Marked as unread' });
    });
    await app.user.click(await screen.findByRole('switch', { name: 'Read' }));
    const detailPath = ENDPOINTS.alertDetail.replace(':key', 'highCost').replace(':identifier', 'RX9');
    // The change's refetch has answered: the alert is unread on the server and on screen.
    await waitFor(() => expect(api.callsTo('GET', detailPath).length).toBeGreaterThan(1));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Read' })).not.toBeChecked());
    expect(api.callsTo('POST', authorization.readCall).map((c) => c.body)).toEqual([
      { _internalID: expect.any(Number), readByFaci: false },
    ]);
  });
});

describe('missing alert', () => {
  it("says 'No Active Alert Found' on a 404", async () => {
    new FakeApi().signedIn('tok', nurse()).install();
    withOrganisations(new FakeApi());
    renderApp('/authorization/NOPE', { token: 'tok' });
    expect(await screen.findByText('No Active Alert Found')).toBeInTheDocument();
  });

  it("says 'No Active Alert Found' for an id the server refuses as one no alert can have (a long pasted id)", async () => {
    const id = 'X'.repeat(120);
    withOrganisations(new FakeApi().signedIn('tok', nurse()))
      .on('GET', ENDPOINTS.alertDetail.replace(':key', 'highCost').replace(':identifier', id), () =>
        fail(400, 'The request is not valid.', 'VALIDATION_FAILED', {
          identifier: ALERT_ID_MESSAGES.identifierTooLong,
        }),
      )
      .install();
    renderApp(`${authorization.detailPath}/${id}`, { token: 'tok' });
    expect(await screen.findByText('No Active Alert Found')).toBeInTheDocument();
    expect(screen.queryByText('Could not load this alert')).not.toBeInTheDocument();
  });
});

describe('the copied link', () => {
  const copyFrom = async (archiveDtTm: string | null) => {
    const alert = alertFixture({ rxNo: 'RX9', _internalID: 77, archiveDtTm });
    withDetail(
      withOrganisations(new FakeApi().signedIn('tok', nurse())),
      authorization,
      'RX9',
      alert,
    ).install();
    const app = renderApp(`${authorization.detailPath}/RX9`, { token: 'tok' });
    await app.user.click(await screen.findByRole('button', { name: 'Copy link to this alert' }));
    expect(await screen.findByText('URL copied to clipboard')).toBeInTheDocument();
    return navigator.clipboard.readText();
  };

  it('is the detail path of a live alert', async () => {
    expect(await copyFrom(null)).toBe(`${window.location.origin}${authorization.detailPath}/RX9`);
  });

  it('says it was copied once when the button is double-clicked, not once per click', async () => {
    withDetail(
      withOrganisations(new FakeApi().signedIn('tok', nurse())),
      authorization,
      'RX9',
      alertFixture({ rxNo: 'RX9' }),
    ).install();
    const app = renderApp(`${authorization.detailPath}/RX9`, { token: 'tok' });
    const button = await screen.findByRole('button', { name: 'Copy link to this alert' });
    await app.user.dblClick(button);
    // Both copies are done once the clipboard holds the link; a third click is a later, separate copy.
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}${authorization.detailPath}/RX9`,
    );
    expect(await screen.findAllByText('URL copied to clipboard')).toHaveLength(1);
  });

  it('pins an archived alert by its number, since its Rx number may name a newer live alert', async () => {
    expect(await copyFrom('2026-10-01T00:00:00Z')).toBe(
      `${window.location.origin}${authorization.detailPath}/RX9?internalId=77`,
    );
  });

  it.each([
    ['a live', null, '/alerts/refilltoosoon?alert=88'],
    ['an archived', '2026-10-01T00:00:00.000Z', '/alerts/refilltoosoon/archive?alert=88'],
  ])(
    "of %s alert of a widget without a detail page is its widget page's, naming the alert",
    async (_kind, archiveDtTm, path) => {
      const alert = alertFixture({ rxNo: 'RX88', _internalID: 88, patName: 'Copied, Cy', archiveDtTm });
      withDetail(
        withOrganisations(new FakeApi().signedIn('tok', nurse())).on('GET', refill.listCall, () =>
          listAnswer(refill, [alert]),
        ),
        refill,
        'RX88',
        alert,
      ).install();
      const app = renderApp(archiveDtTm ? '/alerts/refilltoosoon/archive' : '/alerts/refilltoosoon', {
        token: 'tok',
      });
      await app.user.click(await within(await screen.findByRole('table')).findByText(/Copied, Cy/));
      const dialog = await screen.findByRole('dialog', { name: refill.title });
      await app.user.click(await within(dialog).findByRole('button', { name: 'Copy link to this alert' }));
      expect(await screen.findByText('URL copied to clipboard')).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${path}`);
    },
  );

  it('opens the pinned alert when followed', async () => {
    const api = withDetail(
      withOrganisations(new FakeApi().signedIn('tok', nurse())),
      authorization,
      'RX9',
      alertFixture({ rxNo: 'RX9', _internalID: 77 }),
    ).install();
    renderApp(`${authorization.detailPath}/RX9?internalId=77`, { token: 'tok' });
    await screen.findByRole('button', { name: 'Copy link to this alert' });
    const path = ENDPOINTS.alertDetail.replace(':key', authorization.key).replace(':identifier', 'RX9');
    expect(api.callsTo('GET', path).map((call) => call.query.get('internalId'))).toContain('77');
  });
});

describe("the facility's read state, in the viewer's words", () => {
  const unreadReply: RequestedAction = {
    requestActionID: 9,
    action: 'Reply',
    actionComment: 'Faxed to the prescriber.',
    limitDays: null,
    requestedBy: 'Sam Sysadmin',
    isAutomatic: false,
    sentTime: new Date().toISOString(),
    readByFaci: false,
  };

  it.each([
    ['the nurse', nurse(), 'New', 'Unread by facility'],
    ['a pharmacy user', pharmacist(), 'Unread by facility', 'New'],
  ])('labels an unread Reply for %s', async (_who, user, shown, notShown) => {
    setUp({ user, readByFaci: false, requestedActions: [unreadReply] });
    await screen.findByRole('tab', { name: /Actions\/Discussions/ });
    const tab = screen.getByRole('tab', { name: /Actions\/Discussions/ });
    tab.click();
    const entry = (await screen.findByText('Faxed to the prescriber.')).closest('li');
    expect(entry).not.toBeNull();
    expect(within(entry as HTMLElement).getByText(shown)).toBeInTheDocument();
    expect(within(entry as HTMLElement).queryByText(notShown)).not.toBeInTheDocument();
  });
});
