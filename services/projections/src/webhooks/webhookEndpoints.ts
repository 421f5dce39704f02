import type { Doc } from '@stramien/infra';
import type { EventEnvelope, WebhookDisabledReason, WebhookEndpointEvent } from '@stramien/domain';
import { webhookEndpointEventTypes } from '@stramien/domain';
import type { Projection } from '../runner/projection';

/** The `webhookEndpoints` read model: one document per live endpoint, never its secret (only the hint). */
export interface WebhookEndpointDoc extends Doc {
  _id: string;
  licenceId: string;
  url: string;
  eventTypes: string[];
  projectIds: string[];
  description: string;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  secretHint: string;
  /** the previous secret signs too until then (after a rotation) */
  previousSecretValidUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

type E<T extends WebhookEndpointEvent['type']> = EventEnvelope<Extract<WebhookEndpointEvent, { type: T }>>;

export const webhookEndpointsProjection: Projection<WebhookEndpointDoc> = {
  name: 'webhookEndpoints',
  collection: 'webhookEndpoints',
  eventTypes: webhookEndpointEventTypes,
  documentIds: (event) => [(event.data as { endpointId: string }).endpointId],
  indexes: [{ keys: { licenceId: 1, createdAt: 1 } }],
  evolve(doc, event) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'WebhookEndpointCreated': {
        const d = (event as E<'WebhookEndpointCreated'>).data;
        return {
          _id: d.endpointId,
          licenceId: d.licenceId,
          url: d.url,
          eventTypes: d.eventTypes,
          projectIds: d.projectIds,
          description: d.description,
          enabled: d.enabled,
          disabledReason: d.enabled ? null : 'manual',
          secretHint: d.secretHint,
          previousSecretValidUntil: null,
          createdAt: at,
          updatedAt: at,
        };
      }
      case 'WebhookEndpointChanged': {
        const { url, eventTypes, projectIds, description } = (event as E<'WebhookEndpointChanged'>).data;
        return doc ? { ...doc, url, eventTypes, projectIds, description, updatedAt: at } : doc;
      }
      case 'WebhookEndpointEnabled':
        return doc ? { ...doc, enabled: true, disabledReason: null, updatedAt: at } : doc;
      case 'WebhookEndpointDisabled':
        return doc ? { ...doc, enabled: false, disabledReason: (event as E<'WebhookEndpointDisabled'>).data.reason, updatedAt: at } : doc;
      case 'WebhookEndpointSecretRotated': {
        const d = (event as E<'WebhookEndpointSecretRotated'>).data;
        return doc ? { ...doc, secretHint: d.secretHint, previousSecretValidUntil: d.previousValidUntil, updatedAt: at } : doc;
      }
      case 'WebhookEndpointDeleted':
        return null;
      default:
        return doc;
    }
  },
};
