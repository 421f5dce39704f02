import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Modes of everything under the data dir: only the service user reads, writes or lists it. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes the data dir private to the service user before any store opens (docs/security.md, "The data dir"):
 * sets the process umask to 077, so every file created later (SQLite's -wal and -shm, new blobs, mails, exports)
 * is 0600 and every directory 0700 whatever umask the service was started with; creates the dir 0700; and takes
 * the group's and others' permissions from everything already in it (what an older version left 0644 / 0755 becomes
 * 0600 / 0700). Symbolic links are left alone (chmod would follow them out of the data dir). Idempotent; each
 * adapter also passes these modes explicitly where it creates a file or directory.
 */
export const prepareDataDir = (dir: string): void => {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    // only takes the group's and others' permissions away: the owner's (a script's x bit) stay as they are
    if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
};
