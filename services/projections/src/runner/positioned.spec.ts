import { describe, expect, it } from 'vitest';
import type { Doc } from '@stramien/infra';
import { keepsOneShape } from '@stramien/infra/testing/index';
import { positioned } from './projectionRunner';

describe('a projection document as the runner stores it', () => {
  it('has its id first, the projection’s fields, and its position', () => {
    const stored = positioned({ name: 'Crew', _id: 'other', size: 3 }, 'team-1', 42);
    expect(stored).toEqual({ _id: 'team-1', name: 'Crew', size: 3, _position: 42 });
    expect(Object.keys(stored)).toEqual(['_id', 'name', 'size', '_position']);
    expect(positioned({ _id: 'team-1', name: 'Crew', _position: 7 }, 'team-1', 8)._position).toBe(8);
  });

  it('keeps one shape for documents of one shape (docs/performance.md 40.)', () => {
    const doc = JSON.parse('{"_id":"team-1","name":"Crew","size":3}') as Doc;
    expect(keepsOneShape(() => positioned(doc, 'team-1', 42))).toBe(true);
  });
});
