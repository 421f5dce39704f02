import { webhookRoutes, type WebhookDelivery, type WebhookEndpoint } from '@stramien/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/renderWithRouter';
import { SessionContext } from '../identity/session/useSession';
import { projectListQuery } from '../projects/queries';
import { LICENCE_ID, sessionOf, userOf } from '../projects/testing/fixtures';
import { api } from '../../shared/api';
import { webhookCalls, webhooksQuery, type DeliveryQuery } from './queries';
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

/** the delivery log's API: `page` answers each query (default: the one delivery above); the queries asked are kept */
const fakeDeliveries = (
  page: (query: DeliveryQuery) => { data: WebhookDelivery[]; total: number } = () => ({ data: [delivery], total: 1 }),
) => {
  const asked: DeliveryQuery[] = [];
  const real = api.call.bind(api);
  vi.spyOn(api, 'call').mockImplementation(((route: unknown, input: { query?: DeliveryQuery }) => {
    if (route !== webhookRoutes.deliveries) return real(route as never, input as never);
    asked.push(input.query ?? {});
    return Promise.resolve(page(input.query ?? {}));
  }) as typeof api.call);
  return asked;
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
    fakeDeliveries();
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

  // renders a full page of 50 rows: slower than the others on a busy machine
  it('filters the log by status, event type and time range, and pages through it', { timeout: 20_000 }, async () => {
    const rows = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...delivery, id: `d-${from - i}`, eventId: `evt-${from - i}`, position: from - i }));
    // 70 deliveries: a full page of 50, then 20; any filter answers one
    const asked = fakeDeliveries((query) =>
      query.status ? { data: [delivery], total: 1 } : { data: query.before ? rows(query.before - 1, 20) : rows(70, 50), total: 70 },
    );
    renderPage();
    fireEvent.click(within((await screen.findAllByTestId('webhook-row'))[0]!).getByText('https://erp.example.com/hooks'));
    expect(await screen.findByText('1–50 of 70')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ limit: 50 });

    fireEvent.click(screen.getByRole('button', { name: 'Older deliveries' }));
    expect(await screen.findByText('51–70 of 70')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ limit: 50, before: 21 });
    expect((screen.getByRole('button', { name: 'Older deliveries' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Newer deliveries' }));
    expect(await screen.findByText('1–50 of 70')).toBeTruthy();

    const filters = screen.getByTestId('webhook-delivery-filters');
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'failed' } });
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    fireEvent.change(within(filters).getByLabelText('Event'), { target: { value: 'task' } });
    expect(await screen.findByText('Use an event pattern like task.* or user.UserSignedIn.')).toBeTruthy();
    fireEvent.change(within(filters).getByLabelText('Event'), { target: { value: 'task.*' } });
    fireEvent.change(within(filters).getByLabelText(/From/), { target: { value: '2026-11-23T10:00' } });
    fireEvent.change(within(filters).getByLabelText(/To/), { target: { value: '2026-11-23T11:00' } });
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        limit: 50,
        status: 'failed',
        eventType: 'task.*',
        from: new Date('2026-11-23T10:00').toISOString(),
        to: new Date('2026-11-23T11:00').toISOString(),
      }),
    );
  });

  it('says when no delivery matches the filters, and clears them', async () => {
    fakeDeliveries((query) => (query.status ? { data: [], total: 0 } : { data: [delivery], total: 1 }));
    renderPage();
    fireEvent.click(within((await screen.findAllByTestId('webhook-row'))[0]!).getByText('https://erp.example.com/hooks'));
    await screen.findByTestId('webhook-delivery-row');
    fireEvent.change(within(screen.getByTestId('webhook-delivery-filters')).getByLabelText('Status'), { target: { value: 'pending' } });
    expect(await screen.findByText('No deliveries match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(await screen.findByTestId('webhook-delivery-row')).toBeTruthy();
  });

  it('replays a time range of one event type after saying how many deliveries it covers', async () => {
    const asked = fakeDeliveries((query) => ({ data: [delivery], total: query.limit === 1 ? 7 : 1 }));
    const replay = vi.spyOn(webhookCalls, 'replay').mockResolvedValue({ position: 12, message: 'Replay requested.' });
    renderPage();
    fireEvent.click(within((await screen.findAllByTestId('webhook-row'))[0]!).getByText('https://erp.example.com/hooks'));
    fireEvent.click(await screen.findByTestId('webhook-replay'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/From/), { target: { value: '2026-11-20T08:00' } });
    fireEvent.change(within(dialog).getByLabelText(/To/), { target: { value: '2026-11-21T08:00' } });
    fireEvent.change(within(dialog).getByLabelText('Event type'), { target: { value: 'task.*' } });
    const from = new Date('2026-11-20T08:00').toISOString();
    const to = new Date('2026-11-21T08:00').toISOString();
    expect(await within(dialog).findByText('The delivery log holds 7 deliveries in this range.')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ from, to, eventType: 'task.*', limit: 1 });
    fireEvent.click(within(dialog).getByTestId('webhook-replay-submit'));
    await waitFor(() => expect(replay).toHaveBeenCalledWith(ENDPOINT_ID, { from, to, eventTypes: ['task.*'] }));
    expect(await screen.findByText('Replay requested')).toBeTruthy();
  });

  it('refuses a replay range that ends before it starts', async () => {
    fakeDeliveries();
    const replay = vi.spyOn(webhookCalls, 'replay');
    renderPage();
    fireEvent.click(within((await screen.findAllByTestId('webhook-row'))[0]!).getByText('https://erp.example.com/hooks'));
    fireEvent.click(await screen.findByTestId('webhook-replay'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/From/), { target: { value: '2026-11-21T08:00' } });
    fireEvent.change(within(dialog).getByLabelText(/To/), { target: { value: '2026-11-20T08:00' } });
    expect(within(dialog).getByText('The end must lie after the start.')).toBeTruthy();
    expect((within(dialog).getByTestId('webhook-replay-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(replay).not.toHaveBeenCalled();
  });
});
