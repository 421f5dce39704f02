import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fold, type Actor, type Command, type Decider, type DomainEvent, type EventSchemas } from '@stramien/domain';
import type { PipelineResult } from './commandPipeline';

/** A command as a route sends it: the handler adds the metadata (actor and the injected clock's time). */
export type Unsent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

export interface HandleOptions<E extends DomainEvent = DomainEvent> {
  /** who acts, in which licence (the route's access helper answers it) */
  actor: Actor;
  /** the project the events belong to, for their metadata */
  projectId?: string;
  /**
   * wait (boundedly) until the read models have the events before answering; default true. A rule decides it from the
   * events the command appended (a task update of plain details does not wait, docs/performance.md 48.)
   */
  settle?: boolean | ((events: readonly E[]) => boolean);
}

/** One aggregate as the handler needs it (EventSourcing.NodeJS `CommandHandler(getEventStore, toStreamId, decider)`). */
export interface Aggregate<C extends Command, E extends DomainEvent, S> {
  decider: Decider<C, E, S>;
  schemas: EventSchemas<E>;
  toStreamId: (id: string) => string;
}

export type CommandHandler<C extends Command, E extends DomainEvent, S> = ((
  request: FastifyRequest,
  id: string,
  command: Unsent<C>,
  options: HandleOptions<E>,
) => Promise<PipelineResult<S, E>>) & {
  /** the aggregate's current state, for a check before costly work (e.g. a password hash) */
  load(id: string): Promise<S>;
};

/**
 * The command handler of one aggregate, built once per app on `app.deps.pipeline` (load -> fold -> decide -> append)
 * with the time from `app.deps.clock`. A route body is then `return handle(request, teamId, { type: 'RenameTeam', data },
 * { actor })`: no route reads a clock, names a stream or folds events itself.
 */
export const createCommandHandler = <C extends Command, E extends DomainEvent, S>(
  app: FastifyInstance,
  aggregate: Aggregate<C, E, S>,
): CommandHandler<C, E, S> => {
  const handle = async (request: FastifyRequest, id: string, command: Unsent<C>, { actor, projectId, settle = true }: HandleOptions<E>) => {
    const { pipeline, clock } = app.deps;
    const result = await pipeline({
      decider: aggregate.decider,
      schemas: aggregate.schemas,
      streamId: aggregate.toStreamId(id),
      // built field by field: `{ ...command, metadata }` adds a key to a spread copy, V8 11's slow path (tasks.ts)
      command: { type: command.type, data: command.data, metadata: { actor, now: clock().toISOString() } } as C,
      context: { actor, correlationId: request.id, causationId: request.id, ...(projectId ? { projectId } : {}) },
    });
    if (typeof settle === 'function' ? settle(result.events) : settle)
      await app.projectionWait.waitFor(result.position, app.minPositionWaitMs);
    return result;
  };
  const load = async (id: string): Promise<S> => {
    const recorded = await app.deps.adapters.eventStore.readStream(aggregate.toStreamId(id));
    return fold(
      aggregate.decider,
      recorded.map((r) => ({ type: r.type, data: r.data }) as E),
    );
  };
  return Object.assign(handle, { load });
};
