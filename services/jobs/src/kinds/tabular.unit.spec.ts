import { describe, expect, it } from 'vitest';
import { csvLine, tabularPart } from './tabular';

describe('csvLine', () => {
  it('writes plain fields as they are, null as empty, numbers and booleans as text, and ends the line', () => {
    expect(csvLine(['Task 1', 42, 1.5, true, false, null, ''])).toBe('Task 1,42,1.5,true,false,,\n');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 'cr\r', 'façade'])).toBe('"a,b","say ""hi""","two\nlines","cr\r",façade\n');
  });

  it('keeps leading formula characters and spaces as they are', () => {
    expect(csvLine(['=1+1', ' padded ', '-3'])).toBe('=1+1, padded ,-3\n');
  });

  it('a CSV part is the lines of its rows one after the other', () => {
    expect(
      tabularPart('csv', [
        ['a', 1],
        ['b,c', null],
      ]).toString('utf8'),
    ).toBe('a,1\n"b,c",\n');
  });
});
