import { describe, expect, it } from 'vitest';
import { detectAppendixType, isAppendixContentType } from './attachmentType';
import { SAMPLE_FILES } from '../routes/tasks/appendixTesting';

describe('detectAppendixType', () => {
  it.each([
    ['a PDF', SAMPLE_FILES.pdf, 'report.pdf', 'application/pdf'],
    ['a PNG', SAMPLE_FILES.png, 'photo.png', 'image/png'],
    ['a Word document', SAMPLE_FILES.docx, 'minutes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['an Excel workbook', SAMPLE_FILES.xlsx, 'quantities.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a zip', SAMPLE_FILES.zip, 'bundle.zip', 'application/zip'],
    ['text', SAMPLE_FILES.text, 'notes.txt', 'text/plain'],
    ['text named .csv', SAMPLE_FILES.csv, 'rows.CSV', 'text/csv'],
    ['a STEP model', SAMPLE_FILES.step, 'beam.stp', 'application/x-step'],
  ])('tells %s from its bytes', async (_name, bytes, name, type) => {
    expect(await detectAppendixType(bytes, name)).toBe(type);
    expect(isAppendixContentType(type)).toBe(true);
  });

  it('finds the executable in an .exe renamed .pdf, and refuses it', async () => {
    const type = await detectAppendixType(SAMPLE_FILES.exe, 'invoice.pdf');
    expect(type).toBe('application/x-msdownload');
    expect(isAppendixContentType(type)).toBe(false);
  });

  it('finds nothing in unknown binary bytes, whatever the name says', async () => {
    expect(await detectAppendixType(SAMPLE_FILES.binary, 'notes.txt')).toBeNull();
    expect(isAppendixContentType(null)).toBe(false);
  });

  it('reads text whose last character is cut off by the sample', async () => {
    const bytes = Buffer.from('Maße der Fassade: ü');
    expect(await detectAppendixType(bytes.subarray(0, bytes.length - 1), 'notes.txt')).toBe('text/plain');
  });
});
