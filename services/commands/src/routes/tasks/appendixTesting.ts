import { crc32 } from 'node:zlib';

/**
 * Small real files for the appendix tests, built byte by byte: a stored (uncompressed) zip, Office documents inside
 * one, a Windows executable's header, a PDF and a PNG.
 */
export const zipOf = (files: [name: string, text: string][]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`;

export const SAMPLE_FILES = {
  docx: zipOf([
    [
      '[Content_Types].xml',
      contentTypes('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
    ],
    ['word/document.xml', '<w:document/>'],
  ]),
  xlsx: zipOf([
    ['[Content_Types].xml', contentTypes('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml')],
    ['xl/workbook.xml', '<workbook/>'],
  ]),
  zip: zipOf([['notes.txt', 'hello']]),
  /** an MZ header pointing at a PE signature: what any .exe starts with */
  exe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(0x3a),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(0x40),
    Buffer.from('PE\0\0'),
    Buffer.alloc(256),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  csv: Buffer.from('title;priority\nPour the slab;high\n'),
  text: Buffer.from('Notes from the site visit: façade panels arrive on Monday.\n'),
  step: Buffer.from("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('beam'),'2;1');\nENDSEC;\n"),
  binary: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x10, 0x80, 0x00, 0x7f]),
};
