import { describe, expect, it } from 'vitest';
import { parseSbsCsv, planSbsImport, splitCsv, type SbsImportRow } from './csv';
import { sbsMessages } from './messages';
import { SBS_BULK_MAX } from './sbsNode';

const rowsOf = (text: string): SbsImportRow[] => {
  const parsed = parseSbsCsv(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.rows;
};

describe('an SBS CSV', () => {
  it('reads quoted fields with separators, escaped quotes and line breaks', () =>
    expect(splitCsv('a,"b,c","say ""hi""\nthere"\r\nd,e,f')).toEqual([
      ['a', 'b,c', 'say "hi"\nthere'],
      ['d', 'e', 'f'],
    ]));
  it('reads the semicolons of Dutch and German Excel and drops the BOM', () =>
    expect(rowsOf('\uFEFFcode;label;parent code\nA;Building;\nA.1;Walls;A\n')).toEqual([
      { line: 2, code: 'A', label: 'Building', parentCode: '' },
      { line: 3, code: 'A.1', label: 'Walls', parentCode: 'A' },
    ]));
  it('finds the columns by name in any order and skips empty lines', () =>
    expect(rowsOf('Parent Code,Label,Code\n,Building,A\n\nA,Walls,A.1')).toEqual([
      { line: 2, code: 'A', label: 'Building', parentCode: '' },
      { line: 4, code: 'A.1', label: 'Walls', parentCode: 'A' },
    ]));
  it('refuses a file without the header', () => expect(parseSbsCsv('A,Building,\n')).toEqual({ error: sbsMessages.importHeader }));
  it('refuses a file without rows', () => expect(parseSbsCsv('code,label,parent code\n')).toEqual({ error: sbsMessages.importEmpty }));
  it('refuses an unclosed quote', () => expect(parseSbsCsv('code,label\n"A,B')).toEqual({ error: sbsMessages.importUnclosedQuote }));
  it(`refuses more than ${SBS_BULK_MAX} rows`, () =>
    expect(parseSbsCsv(`code,label\n${Array.from({ length: SBS_BULK_MAX + 1 }, (_, i) => `C${i},x`).join('\n')}`)).toEqual({
      error: `An import takes at most ${SBS_BULK_MAX} rows.`,
    }));
});

describe('an SBS import plan', () => {
  const existing = new Map([
    ['A', { id: 'a', parentCode: null }],
    ['A.1', { id: 'a1', parentCode: 'A' }],
  ]);
  it('orders parents before children and marks existing codes as changes', () =>
    expect(planSbsImport(rowsOf('code,label,parent code\nB.1.1,Door,B.1\nB.1,Wall,B\nB,House,A\nA.1,Walls again,A'), existing)).toEqual({
      steps: [
        { line: 4, code: 'B', label: 'House', parentCode: 'A', id: null, depth: 0 },
        { line: 5, code: 'A.1', label: 'Walls again', parentCode: 'A', id: 'a1', depth: 0 },
        { line: 3, code: 'B.1', label: 'Wall', parentCode: 'B', id: null, depth: 1 },
        { line: 2, code: 'B.1.1', label: 'Door', parentCode: 'B.1', id: null, depth: 2 },
      ],
    }));
  it('answers the errors of every row and no step', () =>
    expect(planSbsImport(rowsOf('code,label,parent code\n,Nameless,\nB,House,Z\nB,Twice,\nC,Self,C'), existing)).toEqual({
      errors: {
        'row 2': ['Required.'],
        'row 3': ['Parent code Z is not in this SBS version.'],
        'row 4': ['The code B appears more than once in the file.'],
        'row 5': [sbsMessages.parentIsSelf],
      },
    }));
  it('refuses a cycle through the existing nodes', () =>
    expect(planSbsImport(rowsOf('code,label,parent code\nA,Building,A.1'), existing)).toEqual({
      errors: { 'row 2': ['The parent A.1 lies below this record.'] },
    }));
});
