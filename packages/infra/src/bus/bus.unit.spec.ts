import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subjectMatches } from './bus';
import { isValidPattern, isValidSubject } from './subjects';

describe('subjectMatches', () => {
  it.each([
    ['a.b.c', 'a.b.c', true],
    ['a.b.c', 'a.b', false],
    ['a.b', 'a.b.c', false],
    ['a.b.c', 'a.b.d', false],
    ['a.*.c', 'a.x.c', true],
    ['a.*.c', 'a.x.y.c', false],
    ['a.*', 'a', false],
    ['*', 'a', true],
    ['*', 'a.b', false],
    ['*.*', 'a.b', true],
    ['a.>', 'a.b', true],
    ['a.>', 'a.b.c.d', true],
    ['a.>', 'a', false],
    ['a.>', 'b.c', false],
    ['>', 'a', true],
    ['>', 'a.b.c', true],
    ['a.*.>', 'a.b.c', true],
    ['a.*.>', 'a.b', false],
    ['stramien.*.task.>', 'stramien.lic1.task.TaskCreated', true],
    ['stramien.*.task.>', 'stramien.lic1.project.ProjectCreated', false],
  ])("pattern '%s' against subject '%s' -> %s", (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('subject syntax', () => {
  it('accepts subjects of non-empty tokens without wildcards', () => {
    expect(['a', 'a.b', 'stramien.lic-1.task.TaskCreated', 'x_y.z'].every(isValidSubject)).toBe(true);
  });

  it('refuses empty tokens, wildcards and whitespace in subjects', () => {
    expect(['', '.', 'a.', '.a', 'a..b', 'a.*', 'a.>', 'a b', 'a.b\t', 'a*b'].some(isValidSubject)).toBe(false);
  });

  it('accepts exactly the subjects whose every dot-separated token is non-empty and free of wildcards and whitespace', () => {
    const byTokens = (subject: string) => subject.length > 0 && subject.split('.').every((token) => /^[^\s.*>]+$/.test(token));
    const subject = fc
      .array(fc.constantFrom('a', 'b', '.', '*', '>', ' ', '\t', '\n', '\u00a0', '-', 'é'), { maxLength: 12 })
      .map((c) => c.join(''));
    fc.assert(
      fc.property(subject, (s) => isValidSubject(s) === byTokens(s)),
      { numRuns: 5_000 },
    );
  });

  it("accepts '*' anywhere and '>' only as the last token of a pattern", () => {
    expect(['a', '*', '>', 'a.*.c', 'a.>', '*.>'].every(isValidPattern)).toBe(true);
    expect(['', 'a.>.b', '>.a', 'a..b', 'a.b*', 'a.>>'].some(isValidPattern)).toBe(false);
  });
});
