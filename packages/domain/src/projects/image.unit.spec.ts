import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageType', () => {
  it.each([
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF')],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
  ])('recognises %s by its magic number', (type, head) => expect(sniffImageType(head)).toBe(type));

  it.each([
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a RIFF file that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['a truncated PNG signature', bytes([0x89], 'PN')],
    ['nothing', bytes()],
  ])('answers null for %s', (_what, head) => expect(sniffImageType(head)).toBeNull());
});
