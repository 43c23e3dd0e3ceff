import {
  ENDPOINTS,
  MessageAnswerSchema,
  OTHER_REASON,
  REQUEST_KEY_HEADER,
  type Widget,
  widgetByKey,
} from '@portal/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { FakeApi, fail, holdRequests, ok } from '@/test/fake-api.ts';
import { ActionDialog } from './action-dialog.tsx';

const authorization = widgetByKey('highCost');
const clarifications = widgetByKey('openBatch');

/** The alert's action buttons, each opening its dialog as the alert detail does. */
function Answers({ widget, alert }: { widget: Widget; alert: ReturnType<typeof alertFixture> }) {
  const [open, setOpen] = useState<string | null>(null);
  const button = widget.buttons.find((b) => b.label === open);
  return (
    <>
      {widget.buttons.map((b) => (
        <button key={b.action} type="button" onClick={() => setOpen(b.label)}>
          {b.label}
        </button>
      ))}
      {button ? (
        <ActionDialog widget={widget} alert={alert} button={button} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

/** An alert of `widget` (a fresh one: its own drafts) with its action buttons, and a server that accepts every action. */
function setUp(widget: Widget, alert = alertFixture()) {
  const api = new FakeApi()
    .on('POST', ENDPOINTS.requestAction, () => ok(MessageAnswerSchema, { message: 'Action sent' }))
    .install();
  const user = userEvent.setup();
  const { unmount } = render(
    <Providers queryClient={createQueryClient()} env="test">
      <Answers widget={widget} alert={alert} />
    </Providers>,
  );
  const open = async (name: string) => {
    await user.click(screen.getByRole('button', { name }));
    return screen.findByRole('dialog', { name });
  };
  const closed = (name: string) =>
    waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
  return { api, alert, user, open, closed, unmount };
}

describe('a choice closed unsent', () => {
  it('brings back the Send reason and its comment after Escape, apart from Do Not Send', async () => {
    const { user, open, closed } = setUp(clarifications);
    let dialog = await open('Send');
    await user.click(within(dialog).getByRole('radio', { name: OTHER_REASON }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'MD called back');
    await user.keyboard('{Escape}');
    await closed('Send');

    dialog = await open('Send');
    expect(within(dialog).getByRole('radio', { name: OTHER_REASON })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Comment/ })).toHaveValue('MD called back');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: OTHER_REASON })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed('Send');

    dialog = await open('Do Not Send');
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('brings back the Limit Days number after Cancel', async () => {
    const { user, open, closed } = setUp(authorization);
    let dialog = await open('Limit Days');
    await user.click(within(dialog).getByPlaceholderText('Choose days'));
    await user.click(await screen.findByRole('option', { name: '14 Days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await closed('Limit Days');

    dialog = await open('Limit Days');
    expect(within(dialog).getByPlaceholderText('Choose days')).toHaveValue('14 Days');
  });

  it('keeps a choice for its own alert only', async () => {
    const first = setUp(clarifications);
    let dialog = await first.open('Send');
    await first.user.click(within(dialog).getByRole('radio', { name: OTHER_REASON }));
    await first.user.keyboard('{Escape}');
    await first.closed('Send');
    first.unmount();

    const other = setUp(clarifications);
    dialog = await other.open('Send');
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await other.user.keyboard('{Escape}');
    await other.closed('Send');
    other.unmount();

    const again = setUp(clarifications, first.alert);
    dialog = await again.open('Send');
    expect(within(dialog).getByRole('radio', { name: OTHER_REASON })).toBeChecked();
  });
});

describe('a choice sent', () => {
  it('sends the reason brought back, then opens Send empty', async () => {
    const { api, user, open, closed } = setUp(clarifications);
    let dialog = await open('Send');
    await user.click(within(dialog).getByRole('radio', { name: OTHER_REASON }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'MD called back');
    await user.keyboard('{Escape}');
    await closed('Send');

    dialog = await open('Send');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await closed('Send');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      requestedAction: 'send',
      actionComment: `${OTHER_REASON}: MD called back`,
    });

    dialog = await open('Send');
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: /Comment/ })).not.toBeInTheDocument();
  });

  it('sends the days brought back, then opens Limit Days empty', async () => {
    const { api, user, open, closed } = setUp(authorization);
    let dialog = await open('Limit Days');
    await user.click(within(dialog).getByPlaceholderText('Choose days'));
    await user.click(await screen.findByRole('option', { name: '14 Days' }));
    await user.keyboard('{Escape}');
    await closed('Limit Days');

    dialog = await open('Limit Days');
    await user.click(within(dialog).getByRole('button', { name: 'Limit Days' }));
    await closed('Limit Days');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)[0]?.body).toMatchObject({
      requestedAction: 'submitlimit',
      limitDays: 14,
    });

    dialog = await open('Limit Days');
    expect(within(dialog).getByPlaceholderText('Choose days')).toHaveValue('');
  });
});

describe('the action toast', () => {
  it('shows Processing, then the answer alone, when an action is sent again after a refusal', async () => {
    const { api, user, open, closed } = setUp(authorization);
    let refuse = true;
    api.on('POST', ENDPOINTS.requestAction, () =>
      refuse
        ? fail(403, 'You do not have permission for this action', 'FORBIDDEN')
        : ok(MessageAnswerSchema, { message: 'Approve sent for Rx 10101006' }),
    );
    const dialog = await open('Approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Error sending user action')).toBeInTheDocument();

    // The second attempt waits for the test's word, so its progress can be seen.
    refuse = false;
    const answer = holdRequests(ENDPOINTS.requestAction);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The refusal's toast was still open (3 s), so the progress toast with its id was not shown: the refusal stayed
    // on screen while the action was sent again, and the success then read 'Error sending user action' over
    // 'Approve sent for Rx ...'.
    expect(await screen.findByText('Processing user action...')).toBeInTheDocument();
    expect(screen.queryByText('Error sending user action')).not.toBeInTheDocument();
    answer();
    await closed('Approve');
    expect(await screen.findByText('Approve sent for Rx 10101006')).toBeInTheDocument();
    expect(screen.queryByText('Error sending user action')).not.toBeInTheDocument();
  });
});

describe('a dialog closed while its action is on its way', () => {
  it('opens empty again once the server has stored the action', async () => {
    const { user, open, closed } = setUp(authorization);
    let dialog = await open('Deny');
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Not covered by the plan');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await user.keyboard('{Escape}');
    await closed('Deny');
    answer();
    expect(await screen.findByText('Action sent')).toBeInTheDocument();
    // The dialog's own callback cleared the draft, and it had gone: the denial came back typed, ready to be sent
    // a second time.
    dialog = await open('Deny');
    expect(within(dialog).getByRole('textbox', { name: /Comment/ })).toHaveValue('');
  });
});

describe('a dialog opened again while its action is on its way', () => {
  it('offers no second Submit of it, and closes once the server has stored it', async () => {
    const { api, user, open, closed } = setUp(authorization);
    let dialog = await open('Deny');
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Not covered by the plan');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await user.keyboard('{Escape}');
    await closed('Deny');
    // Opened again before the answer: the denial is still in its draft, and its Deny sent it a second time.
    dialog = await open('Deny');
    expect(within(dialog).getByRole('textbox', { name: /Comment/ })).toHaveValue('Not covered by the plan');
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending...');
    answer();
    // Stored: the dialog has done its work, as the one that sent it would have.
    await closed('Deny');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(1);
    dialog = await open('Deny');
    expect(within(dialog).getByRole('textbox', { name: /Comment/ })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('gives the words back, to be sent again, when the server refuses it', async () => {
    const { api, user, open, closed } = setUp(authorization);
    let dialog = await open('Approve');
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Approved for 30 days');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await user.keyboard('{Escape}');
    await closed('Approve');
    dialog = await open('Approve');
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeDisabled();
    api.on('POST', ENDPOINTS.requestAction, () =>
      fail(403, 'You do not have permission for this action', 'FORBIDDEN'),
    );
    answer();
    expect(await screen.findByText('Error sending user action')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled());
    expect(within(dialog).getByRole('textbox', { name: /Comment/ })).toHaveValue('Approved for 30 days');
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(1);
    api.on('POST', ENDPOINTS.requestAction, () => ok(MessageAnswerSchema, { message: 'Action sent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await closed('Approve');
    expect(api.callsTo('POST', ENDPOINTS.requestAction).map((c) => c.body)).toMatchObject([
      { actionComment: 'Approved for 30 days' },
      { actionComment: 'Approved for 30 days' },
    ]);
  });
});

describe('a refusal of an action sent from a dialog closed since', () => {
  /** Sends `words` from the Approve dialog, closes it and opens it again; `refuse` then answers the action. */
  async function refusedMeanwhile(refuse: () => ReturnType<typeof fail>) {
    const app = setUp(authorization);
    let dialog = await app.open('Approve');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Approved for 30 days');
    const answer = holdRequests(ENDPOINTS.requestAction);
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await app.user.keyboard('{Escape}');
    await app.closed('Approve');
    dialog = await app.open('Approve');
    app.api.on('POST', ENDPOINTS.requestAction, refuse);
    answer();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled());
    return { ...app, dialog };
  }

  it('is said in the dialog opened again, as in one that stayed open, until the words are edited', async () => {
    const { user, dialog } = await refusedMeanwhile(() =>
      fail(403, 'You do not have permission for this action', 'FORBIDDEN'),
    );
    // Only the toast said it: the dialog showed the words back with nothing to say why.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You do not have permission for this action');
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), ' in full');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a refused value under its field, and is gone once the words are sent again', async () => {
    const { api, user, dialog } = await refusedMeanwhile(() =>
      fail(400, 'The request is not valid.', 'VALIDATION_FAILED', {
        actionComment: 'Refused by the pharmacy',
      }),
    );
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ });
    expect(comment).toHaveAccessibleDescription('Refused by the pharmacy');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    api.on('POST', ENDPOINTS.requestAction, () => ok(MessageAnswerSchema, { message: 'Action sent' }));
    const answer = holdRequests(ENDPOINTS.requestAction);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(comment).not.toHaveAccessibleDescription('Refused by the pharmacy'));
    answer();
  });
});

describe('an action sent again after it went unanswered', () => {
  it('goes with the same Idempotency-Key from a dialog opened since, so the server stores it once', async () => {
    const { api, user, open, closed } = setUp(authorization);
    // No answer that says whether it was stored (a gateway error), to the first try and its two retries.
    api.on('POST', ENDPOINTS.requestAction, () => fail(502, 'Bad gateway', 'BAD_GATEWAY'));
    let dialog = await open('Deny');
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Not covered by the plan');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Error sending user action')).toBeInTheDocument();
    expect(api.callsTo('POST', ENDPOINTS.requestAction)).toHaveLength(3);
    // The nurse closes the alert's dialog, opens it again later, and sends the same words.
    await user.keyboard('{Escape}');
    await closed('Deny');
    api.on('POST', ENDPOINTS.requestAction, () => ok(MessageAnswerSchema, { message: 'Action sent' }));
    dialog = await open('Deny');
    expect(within(dialog).getByRole('textbox', { name: /Comment/ })).toHaveValue('Not covered by the plan');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await closed('Deny');
    const keys = api.callsTo('POST', ENDPOINTS.requestAction).map((c) => c.headers.get(REQUEST_KEY_HEADER));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    // Stored: the same words sent once more are a new action, with a new key.
    dialog = await open('Deny');
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Not covered by the plan');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await closed('Deny');
    const last = api.callsTo('POST', ENDPOINTS.requestAction).at(-1)?.headers.get(REQUEST_KEY_HEADER);
    expect(last).toMatch(/^[0-9a-f-]{36}$/);
    expect(last).not.toBe(keys[0]);
  });
});
