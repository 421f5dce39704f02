import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect';

describe('redirect targets', () => {
  it('accepts paths of this app', () => {
    expect(safeRedirect('/build?x=1')).toBe('/build?x=1');
  });

  it('refuses anything that leaves the app', () => {
    for (const target of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null])
      expect(safeRedirect(target)).toBeNull();
  });

  it('adds the redirect query only for a safe target', () => {
    expect(withRedirect('/login', '/build')).toBe('/login?redirect=%2Fbuild');
    expect(withRedirect('/login', 'https://evil.example')).toBe('/login');
  });
});
