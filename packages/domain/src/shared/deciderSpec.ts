import { DomainError } from './domainError';
import { fold, type Command, type Decider } from './decider';
import type { DomainEvent } from './envelope';

/**
 * given(events).when(command).then(events) | thenThrows(message)
 * Framework-free: throws an Error with a readable diff when an expectation fails,
 * so it works under any test runner.
 */
export const deciderSpec = <C extends Command, E extends DomainEvent, S>(decider: Decider<C, E, S>) => ({
  given: (events: E[]) => ({
    when: (command: C) => {
      const run = (): E[] | DomainError => {
        try {
          return decider.decide(command, fold(decider, events));
        } catch (e) {
          if (e instanceof DomainError) return e;
          throw e;
        }
      };
      return {
        then: (expected: E[]): void => {
          const result = run();
          if (result instanceof DomainError) throw new Error(`Expected events, got DomainError: ${result.message}`);
          const a = JSON.stringify(result);
          const b = JSON.stringify(expected);
          if (a !== b) throw new Error(`Expected events\n${b}\nbut got\n${a}`);
        },
        thenThrows: (message: string | RegExp, status?: number): void => {
          const result = run();
          if (!(result instanceof DomainError))
            throw new Error(`Expected DomainError "${String(message)}", got events ${JSON.stringify(result)}`);
          const ok = typeof message === 'string' ? result.message === message : message.test(result.message);
          if (!ok) throw new Error(`Expected DomainError "${String(message)}", got "${result.message}"`);
          if (status !== undefined && result.status !== status) throw new Error(`Expected status ${status}, got ${result.status}`);
        },
      };
    },
  }),
});
