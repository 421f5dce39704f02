import { describe, expect, it } from 'vitest';
import { originAllowed } from './plugin';

const none = new Set<string>();
const http = (host: string) => ({ protocol: 'http', host });
const https = (host: string) => ({ protocol: 'https', host });

describe('originAllowed', () => {
  it('lets clients without Origin through (no browser drives them)', () => {
    expect(originAllowed(undefined, http('stramien.example:8080'), none)).toBe(true);
  });
  it('accepts the origin of the scheme and host the client reached', () => {
    expect(originAllowed('http://stramien.example:8080', http('stramien.example:8080'), none)).toBe(true);
    expect(originAllowed('https://Stramien.Example', https('stramien.example'), none)).toBe(true);
    expect(originAllowed('https://stramien.example', https('stramien.example:443'), none)).toBe(true);
  });
  it('refuses another site, another port and opaque origins', () => {
    expect(originAllowed('https://evil.example', https('stramien.example'), none)).toBe(false);
    expect(originAllowed('http://stramien.example:9999', http('stramien.example:8080'), none)).toBe(false);
    expect(originAllowed('null', https('stramien.example'), none)).toBe(false);
    expect(originAllowed('file://x', https('stramien.example'), none)).toBe(false);
  });
  describe('when the scheme differs', () => {
    it('refuses an http page for an app reached over https', () => {
      expect(originAllowed('http://stramien.example', https('stramien.example'), none)).toBe(false);
    });
    it('refuses an https page for an app reached over plain http', () => {
      expect(originAllowed('https://stramien.example', http('stramien.example'), none)).toBe(false);
    });
  });
  it('accepts a configured public origin behind a proxy', () => {
    expect(originAllowed('https://cde.example.com', http('internal:8080'), new Set(['https://cde.example.com']))).toBe(true);
  });
});
