import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** a documents.sqlite path in a directory of its own, and its removal (the embedded store's tests) */
export const tempStoreFile = (): { file: string; remove(): void } => {
  const dir = mkdtempSync(join(tmpdir(), 'stramien-docs-'));
  return { file: join(dir, 'documents.sqlite'), remove: () => rmSync(dir, { recursive: true, force: true }) };
};
