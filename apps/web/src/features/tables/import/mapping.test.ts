import { describe, expect, it } from 'vitest';
import { defaultMapping, doubleMappedColumns, isMappingComplete } from './mapping';

const COLUMNS = [
  { id: 'c-1', name: 'Code' },
  { id: 'c-2', name: 'Breedte' },
];

describe('defaultMapping', () => {
  it('maps a header to the column of equal name, trimmed and in any case; the others are not imported', () => {
    expect(defaultMapping(['CODE ', 'breedte', 'Opmerking'], COLUMNS)).toEqual({ 'CODE ': 'c-1', breedte: 'c-2', Opmerking: null });
  });

  it('gives a column to its first header only', () => {
    expect(defaultMapping(['Code', 'code'], COLUMNS)).toEqual({ Code: 'c-1', code: null });
  });
});

describe('isMappingComplete', () => {
  it('needs one imported header and no column filled twice', () => {
    expect(isMappingComplete({ a: 'c-1', b: null })).toBe(true);
    expect(isMappingComplete({ a: null, b: null })).toBe(false);
    expect(isMappingComplete({ a: 'c-1', b: 'c-1' })).toBe(false);
    expect(doubleMappedColumns({ a: 'c-1', b: 'c-1', c: 'c-2' })).toEqual(['c-1']);
  });
});
