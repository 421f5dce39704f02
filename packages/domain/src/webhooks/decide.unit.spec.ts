import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/deciderSpec';
import { fold } from '../shared/decider';
import { webhookEndpointDecider, type WebhookEndpointCommand } from './decide';
import { webhookMessages } from './messages';
import { signingSecrets, type WebhookEndpointEvent } from './webhookEndpoint';
import { toWebhookEndpointStreamId } from './webhookEndpointStream';
import { notificationsForDisabledEndpoint } from './notifications';

const spec = deciderSpec(webhookEndpointDecider);
const metadata = { actor: { userId: 'admin', licenceId: 'l1' }, now: '2026-01-01T00:00:00.000Z' };
const command = <T extends WebhookEndpointCommand['type']>(type: T, data: Extract<WebhookEndpointCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as Extract<WebhookEndpointCommand, { type: T }>;
const publicUrl = { httpAllowed: false, privateTarget: false };
const settings = { url: 'https://erp.example.com/hooks', eventTypes: ['task.*', 'user.UserSignedIn'], projectIds: [], description: 'ERP' };
const created: WebhookEndpointEvent = {
  type: 'WebhookEndpointCreated',
  data: { endpointId: 'e1', licenceId: 'l1', ...settings, enabled: true, secret: 'sealed-1', secretHint: 'abcd' },
};
const create = (over: Partial<typeof settings> = {}, urlFacts = publicUrl) =>
  command('CreateWebhookEndpoint', {
    endpointId: 'e1',
    licenceId: 'l1',
    ...settings,
    ...over,
    enabled: true,
    secret: 'sealed-1',
    secretHint: 'abcd',
    urlFacts,
  });

describe('WebhookEndpoint', () => {
  it('lives in the stream webhookEndpoint-<id>', () => expect(toWebhookEndpointStreamId('e1')).toBe('webhookEndpoint-e1'));

  describe('when created', () => {
    it('records the URL, patterns, projects and the sealed secret', () => spec.given([]).when(create()).then([created]));
    it('refuses a URL that is not https', () => {
      spec
        .given([])
        .when(create({ url: 'http://erp.example.com' }))
        .thenThrows(webhookMessages.urlInvalid, 422);
      spec
        .given([])
        .when(create({ url: 'ftp://erp.example.com' }))
        .thenThrows(webhookMessages.urlInvalid, 422);
      spec
        .given([])
        .when(create({ url: 'not a url' }))
        .thenThrows(webhookMessages.urlInvalid, 422);
      spec
        .given([])
        .when(create({ url: 'https://user:pw@erp.example.com' }))
        .thenThrows(webhookMessages.urlInvalid, 422);
    });
    it('takes plain http where the installation allows it', () =>
      spec
        .given([])
        .when(create({ url: 'http://10.0.0.5/hooks' }, { httpAllowed: true, privateTarget: false }))
        .then([{ ...created, data: { ...created.data, url: 'http://10.0.0.5/hooks' } }] as WebhookEndpointEvent[]));
    it('refuses a private target', () =>
      spec
        .given([])
        .when(create({ url: 'https://127.0.0.1/' }, { httpAllowed: false, privateTarget: true }))
        .thenThrows(webhookMessages.urlPrivate, 422));
    it('refuses an empty or malformed pattern list', () => {
      spec
        .given([])
        .when(create({ eventTypes: [] }))
        .thenThrows(webhookMessages.patternsRequired, 422);
      spec
        .given([])
        .when(create({ eventTypes: ['task'] }))
        .thenThrows(webhookMessages.patternInvalid, 422);
      spec
        .given([])
        .when(create({ eventTypes: ['Task.*'] }))
        .thenThrows(webhookMessages.patternInvalid, 422);
    });
    it('refuses to create it twice', () => spec.given([created]).when(create()).thenThrows(webhookMessages.alreadyExists, 409));
  });

  describe('when changed', () => {
    it('records the settings after the change', () =>
      spec
        .given([created])
        .when(command('ChangeWebhookEndpoint', { description: 'Planning', urlFacts: publicUrl }))
        .then([{ type: 'WebhookEndpointChanged', data: { endpointId: 'e1', ...settings, description: 'Planning' } }]));
    it('appends nothing when nothing changes', () =>
      spec
        .given([created])
        .when(command('ChangeWebhookEndpoint', { ...settings, enabled: true, urlFacts: publicUrl }))
        .then([]));
    it('switches it off and on', () => {
      const off: WebhookEndpointEvent = { type: 'WebhookEndpointDisabled', data: { endpointId: 'e1', reason: 'manual' } };
      spec
        .given([created])
        .when(command('ChangeWebhookEndpoint', { enabled: false, urlFacts: publicUrl }))
        .then([off]);
      spec
        .given([created, off])
        .when(command('ChangeWebhookEndpoint', { enabled: true, urlFacts: publicUrl }))
        .then([{ type: 'WebhookEndpointEnabled', data: { endpointId: 'e1' } }]);
    });
    it('answers 404 for an endpoint that does not exist', () =>
      spec
        .given([])
        .when(command('ChangeWebhookEndpoint', { description: 'x', urlFacts: publicUrl }))
        .thenThrows(webhookMessages.notFound, 404));
  });

  describe('when its secret is rotated', () => {
    const rotated: WebhookEndpointEvent = {
      type: 'WebhookEndpointSecretRotated',
      data: { endpointId: 'e1', secret: 'sealed-2', secretHint: 'wxyz', previousValidUntil: '2026-01-02T00:00:00.000Z' },
    };
    it('keeps the previous secret signing for the grace period', () => {
      spec
        .given([created])
        .when(command('RotateWebhookSecret', { secret: 'sealed-2', secretHint: 'wxyz', graceSeconds: 86_400 }))
        .then([rotated]);
      const state = fold(webhookEndpointDecider, [created, rotated]);
      expect(signingSecrets(state, '2026-01-01T12:00:00.000Z')).toEqual(['sealed-2', 'sealed-1']);
      expect(signingSecrets(state, '2026-01-02T00:00:00.000Z')).toEqual(['sealed-2']);
    });
  });

  describe('when the dispatcher disables it', () => {
    it('records why, once', () => {
      const gone: WebhookEndpointEvent = { type: 'WebhookEndpointDisabled', data: { endpointId: 'e1', reason: 'gone' } };
      spec
        .given([created])
        .when(command('DisableWebhookEndpoint', { reason: 'gone' }))
        .then([gone]);
      spec
        .given([created, gone])
        .when(command('DisableWebhookEndpoint', { reason: 'exhausted' }))
        .then([]);
      expect(fold(webhookEndpointDecider, [created, gone])).toMatchObject({ enabled: false, disabledReason: 'gone' });
    });
    it("names the licence's admins to notify, who each get a notification", () => {
      const exhausted: WebhookEndpointEvent = {
        type: 'WebhookEndpointDisabled',
        data: { endpointId: 'e1', reason: 'exhausted', notify: { userIds: ['a1', 'a2'], url: settings.url } },
      };
      spec
        .given([created])
        .when(command('DisableWebhookEndpoint', { reason: 'exhausted', notifyUserIds: ['a1', 'a2'] }))
        .then([exhausted]);
      const envelope = {
        ...exhausted,
        id: 'ev9',
        streamId: 'webhookEndpoint-e1',
        revision: 1,
        position: 9,
        recordedAt: metadata.now,
        metadata: { userId: 'system', licenceId: 'l1', correlationId: 'c', causationId: 'c', occurredAt: metadata.now },
      } as Parameters<typeof notificationsForDisabledEndpoint>[0];
      const drafts = notificationsForDisabledEndpoint(envelope);
      expect(drafts.map((d) => [d.id, d.recipientId])).toEqual([
        ['ev9:a1', 'a1'],
        ['ev9:a2', 'a2'],
      ]);
      expect(drafts[0]!.data).toMatchObject({
        messageKey: 'webhooks.disabledExhausted',
        message: `Webhook ${settings.url} was disabled: every retry failed.`,
      });
    });
  });

  describe('when a replay is asked', () => {
    it('records the range', () =>
      spec
        .given([created])
        .when(command('RequestWebhookReplay', { from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T01:00:00.000Z' }))
        .then([
          { type: 'WebhookReplayRequested', data: { endpointId: 'e1', from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T01:00:00.000Z' } },
        ]));
    it('records the event types that narrow it', () =>
      spec
        .given([created])
        .when(
          command('RequestWebhookReplay', {
            from: '2026-01-01T00:00:00.000Z',
            to: '2026-01-01T01:00:00.000Z',
            eventTypes: ['task.*', 'task.*'],
          }),
        )
        .then([
          {
            type: 'WebhookReplayRequested',
            data: { endpointId: 'e1', from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T01:00:00.000Z', eventTypes: ['task.*'] },
          },
        ]));
    it('refuses an event type that is not a pattern', () =>
      spec
        .given([created])
        .when(command('RequestWebhookReplay', { from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T01:00:00.000Z', eventTypes: ['Task'] }))
        .thenThrows(webhookMessages.patternInvalid, 422));
    it('refuses a range that ends before it starts', () =>
      spec
        .given([created])
        .when(command('RequestWebhookReplay', { from: '2026-01-01T01:00:00.000Z', to: '2026-01-01T00:00:00.000Z' }))
        .thenThrows(webhookMessages.rangeInvalid, 422));
  });

  describe('when deleted', () => {
    it('refuses every later command with 404', () => {
      const deleted: WebhookEndpointEvent = { type: 'WebhookEndpointDeleted', data: { endpointId: 'e1' } };
      spec.given([created]).when(command('DeleteWebhookEndpoint', {})).then([deleted]);
      spec
        .given([created, deleted])
        .when(command('RequestWebhookRedelivery', { eventId: 'x' }))
        .thenThrows(webhookMessages.notFound, 404);
    });
  });
});
