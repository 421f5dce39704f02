import type { WebhookDelivery, WebhookEndpoint } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/renderWithRouter';
import { SessionContext } from '../identity/session/useSession';
import { projectListQuery } from '../projects/queries';
import { LICENCE_ID, sessionOf, userOf } from '../projects/testing/fixtures';
import { deliveriesQuery, webhookCalls, webhooksQuery } from './queries';
import { WebhooksPage } from './WebhooksPage';

const ENDPOINT_ID = '22222222-2222-4222-8222-222222222222';

const endpointOf = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: ENDPOINT_ID,
  licenceId: LICENCE_ID,
  url: 'https://erp.example.com/hooks',
  eventTypes: ['task.*', 'user.UserSignedIn'],
  projectIds: [],
  description: 'ERP',
  enabled: true,
  disabledReason: null,
  secretHint: 'abcd',
  previousSecretValidUntil: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

const delivery: WebhookDelivery = {
  id: 'd-1',
  endpointId: ENDPOINT_ID,
  eventId: 'evt-1',
  eventType: 'task.TaskCreated',
  position: 7,
  occurredAt: '2026-11-23T10:01:00.000Z',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-23T10:01:05.000Z',
  lastStatusCode: 500,
  log: [
    { at: '2026-11-23T10:01:00.000Z', attempt: 1, statusCode: 500, durationMs: 12, error: null, excerpt: 'first' },
    { at: '2026-11-23T10:01:05.000Z', attempt: 2, statusCode: 500, durationMs: 34, error: null, excerpt: 'Internal Server Error' },
  ],
};

const renderPage = () => {
  const view = renderAt(
    <SessionContext.Provider value={sessionOf(userOf({}, true))}>
      <WebhooksPage />
    </SessionContext.Provider>,
    { path: '/admin/webhooks' },
  );
  act(() => {
    view.queryClient.setQueryData(webhooksQuery(LICENCE_ID).queryKey, [
      endpointOf(),
      endpointOf({ id: 'e-2', url: 'https://gone.example.com/', enabled: false, disabledReason: 'gone', description: '' }),
    ]);
    view.queryClient.setQueryData(projectListQuery(LICENCE_ID).queryKey, []);
    view.queryClient.setQueryData(deliveriesQuery(ENDPOINT_ID, '').queryKey, [delivery]);
  });
  return view;
};

afterEach(() => vi.restoreAllMocks());

describe('WebhooksPage', () => {
  it('lists the endpoints with their patterns and why one is disabled', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('https://erp.example.com/hooks')).toBeTruthy();
    expect(within(rows[0]!).getByText('task.*')).toBeTruthy();
    expect(within(rows[0]!).getByText('Enabled')).toBeTruthy();
    expect(within(rows[1]!).getByText('Disabled')).toBeTruthy();
    expect(within(rows[1]!).getByText('The endpoint answered 410 Gone')).toBeTruthy();
  });

  it('shows the secret of a new endpoint once, with a warning and a copy button', async () => {
    const create = vi.spyOn(webhookCalls, 'create').mockResolvedValue({
      message: 'Webhook endpoint added',
      position: 3,
      data: { ...endpointOf({ id: 'e-3', url: 'https://new.example.com/h' }), secret: 'whsec_c2VjcmV0' },
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('webhook-new'));
    fireEvent.change(screen.getByLabelText(/URL/), { target: { value: ' https://new.example.com/h ' } });
    fireEvent.change(screen.getByLabelText(/Events/), { target: { value: 'task.*,\nuser.UserSignedIn, ' } });
    fireEvent.click(screen.getByTestId('webhook-submit'));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(LICENCE_ID, {
        url: 'https://new.example.com/h',
        eventTypes: ['task.*', 'user.UserSignedIn'],
        projectIds: [],
        description: '',
        enabled: true,
      }),
    );
    const secret = await screen.findByTestId('webhook-secret');
    expect((secret as HTMLInputElement).value).toBe('whsec_c2VjcmV0');
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it("shows a selected endpoint's delivery log and redelivers one delivery", async () => {
    const redeliver = vi.spyOn(webhookCalls, 'redeliver').mockResolvedValue({ position: 9, message: 'Redelivery queued' });
    renderPage();
    fireEvent.click(within((await screen.findAllByTestId('webhook-row'))[0]!).getByText('https://erp.example.com/hooks'));
    const row = await screen.findByTestId('webhook-delivery-row');
    expect(within(row).getByText('task.TaskCreated')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
    expect(within(row).getByText('34 ms')).toBeTruthy();
    expect(within(row).getByText('Internal Server Error')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() => expect(redeliver).toHaveBeenCalledWith(ENDPOINT_ID, 'evt-1'));
    expect(await screen.findByText('Delivery queued again')).toBeTruthy();
  });
});
