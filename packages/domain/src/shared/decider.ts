import type { DomainEvent } from './envelope';
import type { DomainError } from './domainError';

/** Who acts, and when; commands carry it so decide never reads a clock or a random source. */
export interface Actor {
  userId: string;
  licenceId: string;
  isSystemAdmin?: boolean;
  /** every licence the actor belongs to, with their admin flag there (for rules about other users) */
  licences?: Record<string, boolean>;
}

export interface CommandMetadata {
  actor: Actor;
  /** ISO time the command was received */
  now: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}

/** Chassaing's decider: pure, deterministic. decide returns events or throws/returns a DomainError. */
export interface Decider<C extends Command, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[] | DomainError;
}

export const fold = <E extends DomainEvent, S>(decider: Pick<Decider<never, E, S>, 'initialState' | 'evolve'>, events: E[]): S =>
  events.reduce(decider.evolve, decider.initialState());

/**
 * The end of every decide: `default: { const _exhaustive: never = command; throw unknownCommand(_exhaustive); }`.
 * (or `command.type` where the union has one member). The compiler refuses a command type without a case; at run time a command that slipped past the types throws.
 */
export const unknownCommand = (command: never): Error => {
  const unknown: unknown = command;
  const type = typeof unknown === 'object' && unknown !== null ? (unknown as { type?: unknown }).type : unknown;
  return new Error(`Unknown command ${String(type)}`);
};
