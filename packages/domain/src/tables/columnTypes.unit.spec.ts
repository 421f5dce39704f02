import { describe, expect, it } from 'vitest';
import { COLUMN_TYPES, isModuleTable, type ColumnType } from './constants';
import { COLUMN_VALIDATORS, parseColumnOptions, validateCell, type CellResult } from './columnTypes';
import type { ColumnOptions } from './table';

const column = (type: ColumnType, options: ColumnOptions = null) => ({ type, options });
const value = (result: CellResult) => (result.ok ? result.value : undefined);
const key = (result: CellResult) => (result.ok ? undefined : result.error.key);

describe('column types', () => {
  it('has a validator for each of the 11 types of spec 2 §3', () => {
    expect(COLUMN_TYPES).toHaveLength(11);
    expect(Object.keys(COLUMN_VALIDATORS).sort()).toEqual([...COLUMN_TYPES].sort());
  });

  it.each(COLUMN_TYPES)('%s passes null, undefined and the empty string through as null', (type) => {
    const options = type === 'dropdown' ? { options: ['a'] } : type === 'table' ? { table: 't1' } : null;
    for (const input of [null, undefined, '']) expect(validateCell(column(type, options), input)).toEqual({ ok: true, value: null });
  });

  describe('boolean', () => {
    it("reads true, 1, '1' and 'true' as true (spec 2 §5)", () => {
      for (const input of [true, 1, '1', 'true', 'TRUE']) expect(value(validateCell(column('boolean'), input))).toBe(true);
    });
    it('reads their opposites as false', () => {
      for (const input of [false, 0, '0', 'false']) expect(value(validateCell(column('boolean'), input))).toBe(false);
    });
    it('refuses anything else', () => {
      for (const input of ['yes', 2, {}]) expect(key(validateCell(column('boolean'), input))).toBe('validation.notBoolean');
    });
  });

  describe('integer', () => {
    it('accepts whole numbers, also written as text', () => {
      expect(value(validateCell(column('integer'), 12))).toBe(12);
      expect(value(validateCell(column('integer'), ' -12 '))).toBe(-12);
    });
    it('refuses fractions, text and numbers beyond the safe range', () => {
      for (const input of [1.5, '1.5', 'twelve', 2 ** 60, true])
        expect(key(validateCell(column('integer'), input))).toBe('validation.notWholeNumber');
    });
  });

  describe('float', () => {
    it('accepts numbers and numbers written with a point', () => {
      expect(value(validateCell(column('float'), 1.5))).toBe(1.5);
      expect(value(validateCell(column('float'), '-0.25'))).toBe(-0.25);
    });
    it('reads a decimal comma only from a CSV that uses them', () => {
      expect(key(validateCell(column('float'), '1,5'))).toBe('validation.notNumber');
      expect(value(validateCell(column('float'), '1,5', { decimalComma: true }))).toBe(1.5);
      expect(value(validateCell(column('float'), '1.234,5', { decimalComma: true }))).toBe(1234.5);
    });
    it('refuses text and infinities', () => {
      for (const input of ['abc', Infinity, '1e999']) expect(key(validateCell(column('float'), input))).toBe('validation.notNumber');
    });
  });

  describe('text and text-field', () => {
    it('keep text as written, and write numbers out', () => {
      expect(value(validateCell(column('text'), ' a '))).toBe(' a ');
      expect(value(validateCell(column('text-field'), 12))).toBe('12');
    });
    it('refuse text beyond 1,000 and 10,000 characters', () => {
      expect(validateCell(column('text'), 'x'.repeat(1001))).toEqual({
        ok: false,
        error: { key: 'validation.tooLong', message: 'Max 1000 characters', values: { maximum: 1000 } },
      });
      expect(value(validateCell(column('text-field'), 'x'.repeat(10_000)))).toHaveLength(10_000);
      expect(key(validateCell(column('text-field'), 'x'.repeat(10_001)))).toBe('validation.tooLong');
    });
  });

  describe('date', () => {
    it('accepts ISO dates and date-times', () => {
      for (const input of ['2026-02-28', '2026-02-28T10:15', '2026-02-28T10:15:00.000Z', '2026-02-28T10:15:00+01:00'])
        expect(value(validateCell(column('date'), input))).toBe(input);
    });
    it('refuses dates that do not exist and other writings', () => {
      for (const input of ['2026-02-30', '28-02-2026', 'tomorrow', 20260228])
        expect(key(validateCell(column('date'), input))).toBe('validation.invalidDate');
    });
  });

  it('link accepts http and https addresses only', () => {
    expect(value(validateCell(column('link'), 'https://example.com/a?b=1'))).toBe('https://example.com/a?b=1');
    for (const input of ['javascript:alert(1)', 'example.com', 'ftp://example.com'])
      expect(key(validateCell(column('link'), input))).toBe('validation.invalidUrl');
  });

  it('email accepts an address and refuses other text', () => {
    expect(value(validateCell(column('email'), 'a@b.nl'))).toBe('a@b.nl');
    expect(key(validateCell(column('email'), 'a@b'))).toBe('validation.invalidEmail');
  });

  it("dropdown accepts only the column's options", () => {
    const dropdown = column('dropdown', { options: ['red', 'green'] });
    expect(value(validateCell(dropdown, 'green'))).toBe('green');
    expect(validateCell(dropdown, 'blue')).toEqual({
      ok: false,
      error: { key: 'tables.notAnOption', message: "Choose one of the column's options." },
    });
  });

  it('sbscode accepts any code for now (the route checks the SBS)', () => {
    expect(value(validateCell(column('sbscode'), '1.2.3'))).toBe('1.2.3');
    expect(key(validateCell(column('sbscode'), 'x'.repeat(101)))).toBe('validation.tooLong');
  });

  it('table accepts a record id (the command checks it names a record of the target table)', () => {
    expect(value(validateCell(column('table', { table: 't2' }), 'r1'))).toBe('r1');
    expect(key(validateCell(column('table', { table: 't2' }), 12))).toBe('validation.invalidId');
  });
});

describe('column options', () => {
  it('a dropdown needs a list of distinct options, given as an object or as JSON text', () => {
    expect(parseColumnOptions('dropdown', { options: [' a', 'b'] })).toEqual({ ok: true, options: { options: ['a', 'b'] } });
    expect(parseColumnOptions('dropdown', '{"options":["a"]}')).toEqual({ ok: true, options: { options: ['a'] } });
    for (const input of [null, {}, { options: [] }, { options: [''] }, { options: [1] }])
      expect(parseColumnOptions('dropdown', input)).toMatchObject({ ok: false, error: { key: 'tables.dropdownOptionsRequired' } });
    expect(parseColumnOptions('dropdown', { options: ['a', 'a'] })).toMatchObject({ ok: false, error: { key: 'tables.duplicateOption' } });
    expect(parseColumnOptions('dropdown', '{no json')).toMatchObject({ ok: false, error: { key: 'validation.invalidFormat' } });
  });
  it('a table column needs its target table', () => {
    expect(parseColumnOptions('table', { table: 't2' })).toEqual({ ok: true, options: { table: 't2' } });
    expect(parseColumnOptions('table', {})).toMatchObject({ ok: false, error: { key: 'tables.targetTableRequired' } });
  });
  it('other types take no options', () => {
    for (const input of [null, undefined, {}, '']) expect(parseColumnOptions('text', input)).toEqual({ ok: true, options: null });
    expect(parseColumnOptions('integer', { options: ['a'] })).toMatchObject({ ok: false, error: { key: 'tables.noOptionsForType' } });
  });
});

describe('module tables', () => {
  it('are the ones named with a module prefix', () => {
    expect(isModuleTable('CFFA_DHME_PROJECT_COMMENTS')).toBe(true);
    expect(isModuleTable('CFFA_FORGE_MODELS')).toBe(true);
    expect(isModuleTable('CFFA_CONFIG')).toBe(false);
    expect(isModuleTable('Rooms')).toBe(false);
  });
});
