import type { Actor, Command, Decider, DomainEvent, EventMetadata, EventSchemas } from '@stramien/domain';
import { DomainError, fold } from '@stramien/domain';
import type { EventStore, ExpectedRevision } from '@stramien/infra';
import { newEventId, WrongExpectedRevisionError } from '@stramien/infra';

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  /** id of what caused this command: the request id, or the event a process reacted to */
  causationId: string;
  projectId?: string;
}

export interface PipelineResult<S, E extends DomainEvent> {
  state: S;
  events: E[];
  /** global position of the last event appended (or of the stream's last event when nothing changed) */
  position: number;
}

export const MAX_CONFLICT_RETRIES = 5;

/**
 * load stream -> fold -> decide (the domain authorises inside decide with the actor) -> validate
 * events against their schemas -> append with the expected revision; on a concurrency conflict the
 * whole pipeline runs again on the fresh stream, a bounded number of times.
 */
export const createCommandPipeline = (deps: { eventStore: EventStore; now?: () => Date; newId?: () => string }) => {
  const newId = deps.newId ?? (() => newEventId());
  return async <C extends Command, E extends DomainEvent, S>(input: {
    decider: Decider<C, E, S>;
    schemas: EventSchemas<E>;
    streamId: string;
    command: C;
    context: CommandContext;
  }): Promise<PipelineResult<S, E>> => {
    const { decider, schemas, streamId, command, context } = input;
    for (let attempt = 0; ; attempt++) {
      const recorded = await deps.eventStore.readStream(streamId);
      const history = recorded.map((r) => ({ type: r.type, data: r.data }) as E);
      const state = fold(decider, history);
      const decision = decider.decide(command, state);
      if (decision instanceof DomainError) throw decision;
      const last = recorded[recorded.length - 1];
      if (decision.length === 0) return { state, events: [], position: last?.position ?? 0 };
      const metadata: EventMetadata = {
        userId: context.actor.userId,
        licenceId: context.actor.licenceId,
        ...(context.projectId ? { projectId: context.projectId } : {}),
        correlationId: context.correlationId,
        causationId: context.causationId,
        occurredAt: command.metadata.now,
      };
      const events = decision.map((e) => {
        const schema = (schemas as Record<string, { parse(v: unknown): unknown } | undefined>)[e.type];
        if (!schema) throw new Error(`No schema for event type ${e.type}`);
        return { id: newId(), type: e.type, data: schema.parse(e.data), metadata };
      });
      const expected: ExpectedRevision = last ? last.revision : 'no_stream';
      try {
        const result = await deps.eventStore.append(streamId, events, expected);
        return { state: decision.reduce(decider.evolve, state), events: decision, position: result.position };
      } catch (e) {
        if (e instanceof WrongExpectedRevisionError && attempt < MAX_CONFLICT_RETRIES) continue;
        throw e;
      }
    }
  };
};
export type CommandPipeline = ReturnType<typeof createCommandPipeline>;
