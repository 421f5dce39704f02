import { z } from 'zod';
import { eventMetadataSchema, publishedEventCategories, webhookEventName } from '@stramien/domain';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema (draft 7, the AsyncAPI schema format's base), the output side like the OpenAPI document.
 * The definitions of recursive parts (e.g. a JSON value) move to `components.schemas` under `<name>.<definition>`.
 */
const jsonSchema = (schema: z.ZodType, name: string, shared: Record<string, unknown>): JsonSchema => {
  const converted = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, definitions, ...rest } = converted;
  const text = JSON.stringify(rest).replace(/"#\/definitions\/([^"]+)"/g, (_m, id: string) => `"#/components/schemas/${name}.${id}"`);
  for (const [id, definition] of Object.entries((definitions ?? {}) as Record<string, unknown>)) {
    shared[`${name}.${id}`] = JSON.parse(
      JSON.stringify(definition).replace(/"#\/definitions\/([^"]+)"/g, (_m, ref: string) => `"#/components/schemas/${name}.${ref}"`),
    );
  }
  return JSON.parse(text) as JsonSchema;
};

/** the body of every webhook: Standard Webhooks' type, timestamp and data around the redacted event */
const webhookPayloadSchema = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { type: 'string', description: '`<category>.<EventType>`' },
    timestamp: { type: 'string', format: 'date-time' },
    data: {
      type: 'object',
      required: ['eventId', 'eventType', 'position', 'licenceId', 'projectId', 'streamId'],
      properties: {
        eventId: { type: 'string', description: 'the event id; the same as the webhook-id header on every retry' },
        eventType: { type: 'string' },
        position: { type: 'integer' },
        licenceId: { type: 'string' },
        projectId: { type: ['string', 'null'] },
        streamId: { type: 'string' },
        data: { ...data, description: 'the event data without secrets, hashes, tokens and session ids' },
        dataOmitted: { type: 'boolean', const: true, description: 'the data was left out to keep the payload under 20 KB' },
      },
    },
  },
});

/**
 * The AsyncAPI 3 document of every published event type: its NATS subject `stramien.<licenceId>.<category>.<EventType>`,
 * its webhook name `<category>.<EventType>` and its data schema, generated from the domain's zod schemas (docs/webhooks.md).
 */
export const asyncApiDocument = (version: string) => {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const shared: Record<string, unknown> = {};
  const metadata = jsonSchema(eventMetadataSchema, 'EventMetadata', shared);
  for (const { category, schemas } of publishedEventCategories()) {
    for (const [type, schema] of Object.entries(schemas)) {
      const name = webhookEventName(category, type);
      const data = jsonSchema(schema, name, shared);
      messages[name] = {
        name: type,
        title: name,
        summary: `${type} (${category}); webhook name ${name}`,
        contentType: 'application/json',
        payload: {
          type: 'object',
          required: ['id', 'type', 'streamId', 'revision', 'position', 'recordedAt', 'metadata', 'data'],
          properties: {
            id: { type: 'string' },
            type: { type: 'string', const: type },
            streamId: { type: 'string', description: `${category}-<id>` },
            revision: { type: 'integer' },
            position: { type: 'integer' },
            recordedAt: { type: 'string', format: 'date-time' },
            metadata,
            data,
          },
        },
        'x-webhook-name': name,
        'x-webhook-payload': webhookPayloadSchema(data),
      };
      channels[name] = {
        address: `stramien.{licenceId}.${category}.${type}`,
        title: name,
        description: `NATS subject of ${type}; delivered to webhooks as ${name}`,
        parameters: { licenceId: { description: 'the licence the event belongs to' } },
        messages: { [type]: { $ref: `#/components/messages/${name}` } },
      };
      operations[`receive.${name}`] = {
        action: 'receive',
        channel: { $ref: `#/channels/${name}` },
        messages: [{ $ref: `#/channels/${name}/messages/${type}` }],
      };
    }
  }
  return {
    asyncapi: '3.0.0' as const,
    info: {
      title: 'Stramien events',
      version,
      description:
        'Every domain event of Stramien: on NATS (JetStream, message id = event id), as Standard Webhooks v1 deliveries ' +
        '(webhook-id = event id, the payload in x-webhook-payload) and in the cursor feed GET /api/events.',
    },
    defaultContentType: 'application/json',
    servers: {
      nats: { host: 'localhost:4222', protocol: 'nats', description: "the installation's NATS server (NATS_URL)" },
    },
    channels,
    operations,
    components: { messages, schemas: shared },
  };
};
