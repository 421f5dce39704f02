import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_FILE_MAX_BYTES } from '@stramien/domain';
import { CsvFileError, PREVIEW_ROWS, headerLine, readBase64, readChosenFile, readPreview } from './csvFile';

const BOM = '\ufeff';
const csvFile = (text: string, name = 'frames.csv') => new File([text], name, { type: 'text/csv' });

/** A file as Dutch Excel saves it: a BOM, `;` between fields, decimal commas, a quoted cell with a line break. */
const DUTCH_EXCEL = `${BOM}Code;Breedte;Opmerking\r\nK-1;1,25;"eerste regel\r\ntweede regel"\r\nK-2;2,5;"met ""aanhalingstekens"""\r\n`;

describe('headerLine', () => {
  it('is the first line of the head, without a BOM', () => {
    expect(headerLine(`${BOM}Code;Breedte\r\nK-1;1,25`)).toBe('Code;Breedte');
    expect(headerLine('single')).toBe('single');
  });
});

describe('readPreview', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a Dutch Excel file: BOM dropped, semicolons, decimal commas kept as text, quoted line breaks in their cell', async () => {
    const preview = await readPreview(csvFile(DUTCH_EXCEL));
    expect(preview.delimiter).toBe(';');
    expect(preview.headers).toEqual(['Code', 'Breedte', 'Opmerking']);
    expect(preview.rows).toEqual([
      ['K-1', '1,25', 'eerste regel\r\ntweede regel'],
      ['K-2', '2,5', 'met "aanhalingstekens"'],
    ]);
  });

  it('reads a comma file', async () => {
    const preview = await readPreview(csvFile('Code,Width\nK-1,1.25\n\nK-2,2\n'));
    expect(preview).toEqual({
      delimiter: ',',
      headers: ['Code', 'Width'],
      rows: [
        ['K-1', '1.25'],
        ['K-2', '2'],
      ],
    });
  });

  it('reads only the first rows of a large file, not the whole of it', async () => {
    const line = 'K-100;1,25;' + 'x'.repeat(200) + '\n';
    const file = csvFile('Code;Breedte;Opmerking\n' + line.repeat(40_000));
    const read = vi.spyOn(FileReader.prototype, 'readAsText');
    const preview = await readPreview(file);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    const bytesRead = read.mock.calls.reduce((sum, [blob]) => sum + blob.size, 0);
    expect(file.size).toBeGreaterThan(8_000_000);
    expect(bytesRead).toBeLessThan(file.size / 10);
  });

  it('refuses an empty file', async () => {
    await expect(readPreview(csvFile(''))).rejects.toEqual(new CsvFileError('tablesImport.file.empty'));
    await expect(readPreview(csvFile(`${BOM}\r\n`))).rejects.toEqual(new CsvFileError('tablesImport.file.empty'));
  });

  it('previews a file with a header and no rows', async () => {
    expect(await readPreview(csvFile('Code;Breedte\r\n'))).toEqual({ delimiter: ';', headers: ['Code', 'Breedte'], rows: [] });
  });
});

describe('readBase64', () => {
  it('sends the bytes as they are, a BOM included', async () => {
    const base64 = await readBase64(csvFile(DUTCH_EXCEL));
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(DUTCH_EXCEL);
  });
});

describe('readChosenFile', () => {
  it("refuses a file over the import's limit before reading it", async () => {
    const file = csvFile('Code\n');
    Object.defineProperty(file, 'size', { value: IMPORT_FILE_MAX_BYTES + 1 });
    await expect(readChosenFile(file)).rejects.toEqual(new CsvFileError('tablesImport.file.too-large', { size: 50 }));
  });

  it('gives the name, size, preview and base64 of the file', async () => {
    const file = csvFile('Code\nK-1\n', 'k.csv');
    const chosen = await readChosenFile(file);
    expect(chosen).toEqual({
      name: 'k.csv',
      size: file.size,
      base64: btoa('Code\nK-1\n'),
      preview: { delimiter: ',', headers: ['Code'], rows: [['K-1']] },
    });
  });
});
