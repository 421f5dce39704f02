import { describe, expect, it } from 'vitest';
import { DomainError } from './domainError';
import type { Command, Decider } from './decider';
import { deciderSpec } from './deciderSpec';

type Noted = { type: 'Noted'; data: { text: string; by?: string; tags: string[] } };
type Note = Command<'Note', { text: string; by?: string; tags: string[] }>;

/** echoes the command's data with its keys in the command's own order, refusing an empty text */
const echo: Decider<Note, Noted, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => (command.data.text === '' ? new DomainError('Required.', 422) : [{ type: 'Noted', data: command.data }]),
};
const metadata = { actor: { userId: 'u', licenceId: 'l' }, now: '2026-01-01T00:00:00.000Z' };
const when = (data: Note['data']) => deciderSpec(echo).given([]).when({ type: 'Note', data, metadata });

describe('deciderSpec', () => {
  describe('then', () => {
    it('accepts the same events with their keys in another order', () => {
      expect(() => when({ tags: ['a'], text: 'x' }).then([{ type: 'Noted', data: { text: 'x', tags: ['a'] } }])).not.toThrow();
    });
    it('treats an undefined property as a missing one', () => {
      expect(() => when({ text: 'x', by: undefined, tags: [] }).then([{ type: 'Noted', data: { text: 'x', tags: [] } }])).not.toThrow();
    });
    it('refuses other values, a missing property and another array order, naming the path', () => {
      expect(() => when({ text: 'x', tags: [] }).then([{ type: 'Noted', data: { text: 'y', tags: [] } }])).toThrow(/\[0\]\.data\.text/);
      expect(() => when({ text: 'x', tags: [] }).then([{ type: 'Noted', data: { text: 'x', by: 'u', tags: [] } }])).toThrow(/by/);
      expect(() => when({ text: 'x', tags: ['a', 'b'] }).then([{ type: 'Noted', data: { text: 'x', tags: ['b', 'a'] } }])).toThrow(/tags/);
      expect(() => when({ text: 'x', tags: [] }).then([])).toThrow(/length/);
    });
    it('refuses a DomainError where events were expected', () => {
      expect(() => when({ text: '', tags: [] }).then([])).toThrow(/DomainError: Required\./);
    });
  });
  describe('thenThrows', () => {
    it('checks the message and the status', () => {
      expect(() => when({ text: '', tags: [] }).thenThrows('Required.', 422)).not.toThrow();
      expect(() => when({ text: '', tags: [] }).thenThrows('Required.', 404)).toThrow(/status 404/);
      expect(() => when({ text: 'x', tags: [] }).thenThrows('Required.')).toThrow(/got events/);
    });
  });
});
