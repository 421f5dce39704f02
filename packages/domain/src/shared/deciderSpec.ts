import { DomainError } from './domainError';
import { fold, type Command, type Decider } from './decider';
import type { DomainEvent } from './envelope';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
const show = (value: unknown): string => (value === undefined ? 'undefined' : JSON.stringify(value));

/**
 * The first difference between two values compared structurally: objects by their keys in any order, a property
 * holding undefined the same as a missing one (as an event is once stored), arrays in order. Null when equal.
 */
export const structuralDifference = (actual: unknown, expected: unknown, path = ''): string | null => {
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return `${path || 'events'}: length ${actual.length}, expected ${expected.length}`;
    for (let i = 0; i < actual.length; i++) {
      const difference = structuralDifference(actual[i], expected[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (isPlainObject(actual) && isPlainObject(expected)) {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    for (const key of [...keys].sort()) {
      const difference = structuralDifference(actual[key], expected[key], path ? `${path}.${key}` : key);
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : `${path || 'value'}: got ${show(actual)}, expected ${show(expected)}`;
};

/**
 * given(events).when(command).then(events) | thenThrows(message)
 * Framework-free: throws an Error with a readable diff when an expectation fails,
 * so it works under any test runner. Events compare structurally (see structuralDifference).
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
          const difference = structuralDifference(result, expected);
          if (difference) throw new Error(`Events differ at ${difference}\nexpected ${show(expected)}\nbut got  ${show(result)}`);
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
