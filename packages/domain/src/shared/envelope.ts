import { z } from 'zod';

/** Metadata every event carries (ARCHITECTURE.md, write side). */
export const eventMetadataSchema = z.object({
  userId: z.string(),
  licenceId: z.string(),
  projectId: z.string().optional(),
  correlationId: z.string(),
  causationId: z.string(),
  occurredAt: z.string(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** A domain event as deciders produce it: type + data. The pipeline adds id and metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** A stored event handed to projections and the notifier. */
export interface EventEnvelope<E extends DomainEvent = DomainEvent> {
  id: string;
  type: E['type'];
  data: E['data'];
  metadata: EventMetadata;
  streamId: string;
  revision: number;
  position: number;
  recordedAt: string;
}

/** Per-type zod schemas for event data; used to validate before append and when reading. */
export type EventSchemas<E extends DomainEvent> = { [K in E['type']]: z.ZodType<Extract<E, { type: K }>['data']> };

export const parseEvent = <E extends DomainEvent>(schemas: EventSchemas<E>, type: string, data: unknown): E => {
  const schema = (schemas as Record<string, z.ZodType | undefined>)[type];
  if (!schema) throw new Error(`Unknown event type ${type}`);
  return { type, data: schema.parse(data) } as E;
};
