import { describe, expect, it } from 'vitest';
import { originAllowed } from './plugin';

const none = new Set<string>();

describe('originAllowed', () => {
  it('lets clients without Origin through (no browser drives them)', () => {
    expect(originAllowed(undefined, 'stramien.example:8080', none)).toBe(true);
  });
  it('accepts the origin of the host the client reached', () => {
    expect(originAllowed('http://stramien.example:8080', 'stramien.example:8080', none)).toBe(true);
    expect(originAllowed('https://Stramien.Example', 'stramien.example', none)).toBe(true);
  });
  it('refuses another site, another port and opaque origins', () => {
    expect(originAllowed('https://evil.example', 'stramien.example', none)).toBe(false);
    expect(originAllowed('http://stramien.example:9999', 'stramien.example:8080', none)).toBe(false);
    expect(originAllowed('null', 'stramien.example', none)).toBe(false);
    expect(originAllowed('file://x', 'stramien.example', none)).toBe(false);
  });
  it('accepts a configured public origin behind a proxy', () => {
    expect(originAllowed('https://cde.example.com', 'internal:8080', new Set(['https://cde.example.com']))).toBe(true);
  });
});
