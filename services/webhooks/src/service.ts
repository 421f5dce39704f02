import { randomBytes } from 'node:crypto';
import { createSecretBox, jwtSecret, type Adapters, type Config } from '@stramien/infra';
import { createWebhookDispatcher, webhookRetention, type DispatcherOptions } from './dispatcher';
import { createTargetPolicy } from './targetGuard';

/** the secret box purpose of webhook secrets: the API seals with it, the dispatcher opens */
export const WEBHOOK_SECRET_PURPOSE = 'webhooks';
export const webhookSecretBox = (config: Config) => createSecretBox({ secret: jwtSecret(config), purpose: WEBHOOK_SECRET_PURPOSE });

/** a Standard Webhooks secret: `whsec_` + base64 of 32 random bytes */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The dispatcher on the configured adapters, started (the standalone service and the one-process runtime alike). */
export const startWebhookDispatcher = async (
  config: Config,
  adapters: Adapters,
  overrides: Pick<DispatcherOptions, 'schedule' | 'onError'> = {},
) => {
  const dispatcher = createWebhookDispatcher({
    eventStore: adapters.eventStore,
    documentStore: adapters.documentStore,
    secretBox: webhookSecretBox(config),
    policy: createTargetPolicy(config.STRAMIEN_WEBHOOKS_ALLOWED_NETWORKS),
    health: adapters.health,
    retention: webhookRetention(config.STRAMIEN_WEBHOOKS_RETENTION_DAYS),
    onError: overrides.onError ?? ((error) => console.error('webhook dispatcher failed', error)),
    ...(overrides.schedule ? { schedule: overrides.schedule } : {}),
  });
  await dispatcher.start();
  return dispatcher;
};
