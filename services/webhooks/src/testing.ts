import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  DomainError,
  fold,
  toWebhookEndpointStreamId,
  webhookEndpointDecider,
  webhookEndpointSchemas,
  type WebhookEndpointCommand,
  type WebhookEndpointEvent,
} from '@stramien/domain';
import { newEventId, type EventStore, type SecretBox } from '@stramien/infra';
import { newWebhookSecret } from './service';

/** A command on an endpoint as the API would send it (fold, decide, append), for tests and benchmarks. */
export const endpointCommand = async (
  eventStore: EventStore,
  endpointId: string,
  licenceId: string,
  command: Omit<WebhookEndpointCommand, 'metadata'>,
) => {
  const streamId = toWebhookEndpointStreamId(endpointId);
  const recorded = await eventStore.readStream(streamId);
  const state = fold(
    webhookEndpointDecider,
    recorded.map((r) => ({ type: r.type, data: r.data }) as WebhookEndpointEvent),
  );
  const at = new Date().toISOString();
  const decision = webhookEndpointDecider.decide(
    { ...command, metadata: { actor: { userId: 'admin', licenceId }, now: at } } as WebhookEndpointCommand,
    state,
  );
  if (decision instanceof DomainError) throw decision;
  const metadata = { userId: 'admin', licenceId, correlationId: 'test', causationId: 'test', occurredAt: at };
  const events = decision.map((e) => ({
    id: newEventId(),
    type: e.type,
    data: (webhookEndpointSchemas as Record<string, { parse(v: unknown): unknown }>)[e.type]!.parse(e.data),
    metadata,
  }));
  return eventStore.append(streamId, events, recorded.length === 0 ? 'no_stream' : recorded.length - 1);
};

/** creates an endpoint with a new secret; answers the plaintext secret */
export const createTestEndpoint = async (
  eventStore: EventStore,
  box: SecretBox,
  input: { endpointId: string; licenceId: string; url: string; eventTypes?: string[]; projectIds?: string[] },
): Promise<string> => {
  const secret = newWebhookSecret();
  await endpointCommand(eventStore, input.endpointId, input.licenceId, {
    type: 'CreateWebhookEndpoint',
    data: {
      endpointId: input.endpointId,
      licenceId: input.licenceId,
      url: input.url,
      eventTypes: input.eventTypes ?? ['*'],
      projectIds: input.projectIds ?? [],
      description: 'test',
      enabled: true,
      secret: box.seal(secret, input.endpointId),
      secretHint: secret.slice(-4),
      urlFacts: { httpAllowed: true, privateTarget: false },
    },
  });
  return secret;
};

/** whether the request verifies with the secret (standardwebhooks) */
export const verifies = (r: Pick<Received, 'raw' | 'headers'>, secret: string): boolean => {
  try {
    new Webhook(secret).verify(r.raw, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  raw: string;
  verified: boolean;
}

/**
 * A real HTTP receiver: checks every request's signature with the standardwebhooks library against the secrets it
 * is told, records what it got, and answers what `respond` says (default 204).
 */
export const startReceiver = async (options: {
  secrets: () => string[];
  respond?: (r: Received) => number | Promise<number>;
  host?: string;
}) => {
  const received: Received[] = [];
  let server: Server | null = null;
  let port = 0;
  const host = options.host ?? '127.0.0.1';
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        let raw = '';
        req.setEncoding('utf8');
        req.on('data', (c: string) => (raw += c));
        req.on('end', () => {
          const headers = req.headers;
          const verified = options.secrets().some((secret) => verifies({ raw, headers }, secret));
          const r: Received = { id: String(headers['webhook-id']), headers, body: JSON.parse(raw || 'null'), raw, verified };
          void Promise.resolve(options.respond?.(r) ?? 204).then((status) => {
            if (status >= 200 && status < 300) received.push(r);
            res.writeHead(status).end(status >= 300 ? 'no' : 'ok');
          });
        });
      });
      // Node's default keep-alive (5 s): a client's agent takes the advertised `Keep-Alive: timeout=N` less 1 s, so 1 s
      // would make every delivery a new connection (the webhooks bench measured that, not the dispatcher)
      server.keepAliveTimeout = 5_000;
      server.listen(port, host, () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const close = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = null;
    });
  return {
    received,
    get url() {
      return `http://${host}:${port}/hook`;
    },
    get port() {
      return port;
    },
    /** stops answering (connection refused) */
    down: close,
    /** answers again on the same port */
    up: listen,
    close,
  };
};
