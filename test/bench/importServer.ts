/**
 * The HTTP part of the tablesImport bench in a process of its own (tablesImport.bench.ts `benchImportOverHttp`):
 * `importServer.ts <dir> <rows> <figures file>` runs `measureImportOverHttp` and writes its figures.
 */
import { writeFileSync } from 'node:fs';
import { measureImportOverHttp } from './tablesImport.bench';

const [dir, rows, figures] = process.argv.slice(2);
if (!dir || !rows || !figures) throw new Error('usage: importServer.ts <dir> <rows> <figures file>');
const result = await measureImportOverHttp(dir, Number(rows), (line) => console.log(`  … ${line}`));
writeFileSync(figures, JSON.stringify(result));
process.exit(0);
