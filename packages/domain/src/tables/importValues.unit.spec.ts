import { describe, expect, it } from 'vitest';
import { defaultImportMapping, detectDelimiter, importCellInput } from './importValues';

describe('CSV import values', () => {
  describe('the delimiter', () => {
    it('is ; when the header line holds more semicolons than commas outside quotes', () => {
      expect(detectDelimiter('Name;Size;Done')).toBe(';');
      expect(detectDelimiter('"Name, first";Size;Done')).toBe(';');
      expect(detectDelimiter('Name,Size')).toBe(',');
      expect(detectDelimiter('"a;b;c",d')).toBe(',');
      expect(detectDelimiter('Name')).toBe(',');
    });
  });

  describe('the default mapping', () => {
    it('maps a header equal to a column name (trimmed, any case), and nothing else', () => {
      const columns = [
        { columnId: 'c1', name: 'Name' },
        { columnId: 'c2', name: 'Size ' },
      ];
      expect(defaultImportMapping([' name', 'SIZE', 'Other'], columns)).toEqual({ ' name': 'c1', SIZE: 'c2', Other: null });
    });
  });

  describe('a cell as spreadsheets write it', () => {
    const comma = { decimalComma: true };
    const point = { decimalComma: false };
    it('reads decimal commas and thousands dots only in a ; file', () => {
      expect(importCellInput('float', '1.234,5', comma)).toBe('1234.5');
      expect(importCellInput('float', '-0,25', comma)).toBe('-0.25');
      expect(importCellInput('float', '1.5', comma)).toBe('1.5');
      expect(importCellInput('integer', '1.234', comma)).toBe('1234');
      expect(importCellInput('integer', '12,00', comma)).toBe('12');
      expect(importCellInput('integer', '12,5', comma)).toBe('12.5');
      expect(importCellInput('float', '1,5', point)).toBe('1,5');
      expect(importCellInput('integer', ' 7 ', point)).toBe('7');
    });
    it('reads day-first dates as ISO 8601, and leaves anything else to the validator', () => {
      expect(importCellInput('date', '31-12-2024', point)).toBe('2024-12-31');
      expect(importCellInput('date', '1.2.2025', point)).toBe('2025-02-01');
      expect(importCellInput('date', '01-02-2025 9:05', point)).toBe('2025-02-01T09:05:00');
      expect(importCellInput('date', '2025-02-01', point)).toBe('2025-02-01');
      expect(importCellInput('date', '02/01/2025', point)).toBe('02/01/2025');
    });
    it('reads Dutch, German and English words for booleans', () => {
      for (const word of ['ja', 'WAAR', 'Wahr', 'yes']) expect(importCellInput('boolean', word, point)).toBe('true');
      for (const word of ['nee', 'ONWAAR', 'falsch', 'nein', 'no']) expect(importCellInput('boolean', word, point)).toBe('false');
      expect(importCellInput('boolean', 'misschien', point)).toBe('misschien');
    });
    it('keeps the spaces of text', () => {
      expect(importCellInput('text', ' a ', point)).toBe(' a ');
    });
  });
});
