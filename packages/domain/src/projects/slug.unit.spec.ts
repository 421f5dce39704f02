import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_PATTERN, projectSlug, slugCandidate } from './slug';

describe('projectSlug', () => {
  it('joins number and name in lower case with dashes', () =>
    expect(projectSlug('2024-01', 'Nieuwbouw Café  Noord')).toBe('2024-01-nieuwbouw-cafe-noord'));
  it('drops leading and trailing separators', () => expect(projectSlug(' #12 ', 'Brücke!')).toBe('12-brucke'));
  it("answers 'project' when nothing usable is left", () => expect(projectSlug('---', '***')).toBe('project'));
  it('stays within the maximum length and the slug pattern', () => {
    const slug = projectSlug('1', 'a b '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toMatch(SLUG_PATTERN);
  });
  it('numbers the next candidates', () => {
    expect(slugCandidate('x-y', 1)).toBe('x-y');
    expect(slugCandidate('x-y', 3)).toBe('x-y-3');
    expect(slugCandidate('a'.repeat(SLUG_MAX), 12).length).toBe(SLUG_MAX);
  });
});
