import { describe, expect, it } from 'vitest';
import { OwnWrites } from './ownWrites';

describe('OwnWrites', () => {
  it("answers a user's latest position until the read models pass it, then forgets it", () => {
    const own = new OwnWrites();
    expect(own.pending('u1', () => false)).toBe(0);
    own.note('u1', 7);
    own.note('u1', 5); // an earlier command answered later does not lower it
    own.note('u2', 3);
    expect(own.pending('u1', (p) => p <= 6)).toBe(7);
    expect(own.pending('u2', (p) => p <= 6)).toBe(0);
    expect(own.pending('u1', (p) => p <= 7)).toBe(0);
    // forgotten: even a store that can no longer tell is not asked again
    expect(own.pending('u1', () => false)).toBe(0);
  });

  it('keeps at most 10,000 users, the most recent writers', () => {
    const own = new OwnWrites();
    for (let i = 0; i < 12_000; i++) own.note(`u${i}`, i + 1);
    expect(own.pending('u11999', () => false)).toBe(12_000);
    expect(own.pending('u0', () => false)).toBe(0);
  });
});
