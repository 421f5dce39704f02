import { DomainError } from '../shared/domainError';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import { webhookMessages } from './messages';
import {
  evolveWebhookEndpoint,
  initialWebhookEndpointState,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_MAX_GRACE_SECONDS,
  WEBHOOK_URL_MAX,
  type WebhookDisabledReason,
  type WebhookEndpointEvent,
  type WebhookEndpointState,
} from './webhookEndpoint';
import { EVENT_PATTERN } from './patterns';

/**
 * What a route establishes about a target URL before deciding: whether plain http is allowed (the installation allows
 * the networks the URL names, docs/webhooks.md) and whether it names a private, loopback or link-local address the
 * installation does not allow. The dispatcher checks the resolved addresses again on every delivery and redirect.
 */
export interface UrlFacts {
  httpAllowed: boolean;
  privateTarget: boolean;
}

export interface WebhookEndpointSettings {
  url: string;
  eventTypes: string[];
  projectIds: string[];
  description: string;
}

export type CreateWebhookEndpoint = Command<
  'CreateWebhookEndpoint',
  WebhookEndpointSettings & {
    endpointId: string;
    licenceId: string;
    enabled: boolean;
    secret: string;
    secretHint: string;
    urlFacts: UrlFacts;
  }
>;
export type ChangeWebhookEndpoint = Command<
  'ChangeWebhookEndpoint',
  Partial<WebhookEndpointSettings> & { enabled?: boolean; urlFacts: UrlFacts }
>;
export type RotateWebhookSecret = Command<'RotateWebhookSecret', { secret: string; secretHint: string; graceSeconds: number }>;
/** by its admin ('manual') or by the dispatcher ('gone', 'exhausted') */
export type DisableWebhookEndpoint = Command<'DisableWebhookEndpoint', { reason: WebhookDisabledReason; notifyUserIds?: string[] }>;
export type DeleteWebhookEndpoint = Command<'DeleteWebhookEndpoint', Record<string, never>>;
export type RequestWebhookRedelivery = Command<'RequestWebhookRedelivery', { eventId: string }>;
export type RequestWebhookReplay = Command<'RequestWebhookReplay', { from: string; to: string; eventTypes?: string[] }>;

export type WebhookEndpointCommand =
  | CreateWebhookEndpoint
  | ChangeWebhookEndpoint
  | RotateWebhookSecret
  | DisableWebhookEndpoint
  | DeleteWebhookEndpoint
  | RequestWebhookRedelivery
  | RequestWebhookReplay;

const notFound = () => new DomainError(webhookMessages.notFound, 404);
const mustBeLive = (state: WebhookEndpointState): DomainError | null => (state.exists && !state.deleted ? null : notFound());
const invalid = (field: string, message: string) => new DomainError(message, 422, { [field]: [message] });

/** the URL's refusal, or null: an absolute https URL (http only where the installation allows), no private target */
export const webhookUrlError = (url: string, facts: UrlFacts): DomainError | null => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalid('url', webhookMessages.urlInvalid);
  }
  const httpOk = parsed.protocol === 'http:' && facts.httpAllowed;
  if (url.length > WEBHOOK_URL_MAX || (parsed.protocol !== 'https:' && !httpOk) || parsed.username || parsed.password)
    return invalid('url', webhookMessages.urlInvalid);
  if (facts.privateTarget) return invalid('url', webhookMessages.urlPrivate);
  return null;
};

const settingsError = (s: Partial<WebhookEndpointSettings>): DomainError | null => {
  if (s.eventTypes !== undefined) {
    if (s.eventTypes.length === 0) return invalid('eventTypes', webhookMessages.patternsRequired);
    if (s.eventTypes.some((p) => !EVENT_PATTERN.test(p))) return invalid('eventTypes', webhookMessages.patternInvalid);
  }
  if (s.description !== undefined && s.description.length > WEBHOOK_DESCRIPTION_MAX)
    return invalid('description', webhookMessages.descriptionTooLong);
  return null;
};

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()))];

export const createWebhookEndpoint = (
  command: CreateWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] | DomainError => {
  if (state.exists) return new DomainError(webhookMessages.alreadyExists, 409);
  const { urlFacts, ...data } = command.data;
  const refused = webhookUrlError(data.url, urlFacts) ?? settingsError(data);
  if (refused) return refused;
  return [
    {
      type: 'WebhookEndpointCreated',
      data: { ...data, eventTypes: unique(data.eventTypes), projectIds: unique(data.projectIds), description: data.description.trim() },
    },
  ];
};

export const changeWebhookEndpoint = (
  command: ChangeWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { urlFacts, enabled, ...changes } = command.data;
  const next = {
    url: changes.url ?? state.url,
    eventTypes: changes.eventTypes ? unique(changes.eventTypes) : state.eventTypes,
    projectIds: changes.projectIds ? unique(changes.projectIds) : state.projectIds,
    description: changes.description?.trim() ?? state.description,
  };
  const refused =
    (changes.url !== undefined && changes.url !== state.url ? webhookUrlError(next.url, urlFacts) : null) ?? settingsError(changes);
  if (refused) return refused;
  const events: WebhookEndpointEvent[] = [];
  const before = { url: state.url, eventTypes: state.eventTypes, projectIds: state.projectIds, description: state.description };
  if (JSON.stringify(before) !== JSON.stringify(next))
    events.push({ type: 'WebhookEndpointChanged', data: { endpointId: state.endpointId, ...next } });
  if (enabled === true && !state.enabled) events.push({ type: 'WebhookEndpointEnabled', data: { endpointId: state.endpointId } });
  if (enabled === false && state.enabled)
    events.push({ type: 'WebhookEndpointDisabled', data: { endpointId: state.endpointId, reason: 'manual' } });
  return events;
};

export const rotateWebhookSecret = (command: RotateWebhookSecret, state: WebhookEndpointState): WebhookEndpointEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const grace = Math.min(Math.max(0, Math.floor(command.data.graceSeconds)), WEBHOOK_MAX_GRACE_SECONDS);
  const previousValidUntil = new Date(Date.parse(command.metadata.now) + grace * 1000).toISOString();
  const { secret, secretHint } = command.data;
  return [{ type: 'WebhookEndpointSecretRotated', data: { endpointId: state.endpointId, secret, secretHint, previousValidUntil } }];
};

export const disableWebhookEndpoint = (
  command: DisableWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  if (!state.enabled) return [];
  const { reason, notifyUserIds } = command.data;
  const notify = notifyUserIds && notifyUserIds.length > 0 ? { notify: { userIds: notifyUserIds, url: state.url } } : {};
  return [{ type: 'WebhookEndpointDisabled', data: { endpointId: state.endpointId, reason, ...notify } }];
};

export const deleteWebhookEndpoint = (
  _command: DeleteWebhookEndpoint,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  return [{ type: 'WebhookEndpointDeleted', data: { endpointId: state.endpointId } }];
};

export const requestWebhookRedelivery = (
  command: RequestWebhookRedelivery,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  return [{ type: 'WebhookRedeliveryRequested', data: { endpointId: state.endpointId, eventId: command.data.eventId } }];
};

export const requestWebhookReplay = (command: RequestWebhookReplay, state: WebhookEndpointState): WebhookEndpointEvent[] | DomainError => {
  const missing = mustBeLive(state);
  if (missing) return missing;
  const { from, to, eventTypes } = command.data;
  if (!(Date.parse(to) > Date.parse(from))) return invalid('to', webhookMessages.rangeInvalid);
  if (eventTypes !== undefined) {
    const refused = settingsError({ eventTypes });
    if (refused) return refused;
  }
  const narrowed = eventTypes ? { eventTypes: unique(eventTypes) } : {};
  return [{ type: 'WebhookReplayRequested', data: { endpointId: state.endpointId, from, to, ...narrowed } }];
};

export const decideWebhookEndpoint = (
  command: WebhookEndpointCommand,
  state: WebhookEndpointState,
): WebhookEndpointEvent[] | DomainError => {
  switch (command.type) {
    case 'CreateWebhookEndpoint':
      return createWebhookEndpoint(command, state);
    case 'ChangeWebhookEndpoint':
      return changeWebhookEndpoint(command, state);
    case 'RotateWebhookSecret':
      return rotateWebhookSecret(command, state);
    case 'DisableWebhookEndpoint':
      return disableWebhookEndpoint(command, state);
    case 'DeleteWebhookEndpoint':
      return deleteWebhookEndpoint(command, state);
    case 'RequestWebhookRedelivery':
      return requestWebhookRedelivery(command, state);
    case 'RequestWebhookReplay':
      return requestWebhookReplay(command, state);
    default: {
      const _exhaustive: never = command;
      throw unknownCommand(_exhaustive);
    }
  }
};

export const webhookEndpointDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointState> = {
  initialState: initialWebhookEndpointState,
  evolve: evolveWebhookEndpoint,
  decide: decideWebhookEndpoint,
};
