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

  it('maps two headers of one name to the same column, which the wizard then points out', () => {
    const mapping = defaultMapping(['Code', 'code'], COLUMNS);
    expect(mapping).toEqual({ Code: 'c-1', code: 'c-1' });
    expect(isMappingComplete(mapping)).toBe(false);
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
