import { InvalidBlobIdError } from './blobErrors';

/** uuid-ish: safe as a file name and a Mongo _id; no '.', '/' or '\\', so no path traversal */
const BLOB_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{1,127}$/;

export const isValidBlobId = (id: unknown): id is string => typeof id === 'string' && BLOB_ID.test(id);

export const assertBlobId = (id: string): void => {
  if (!isValidBlobId(id)) throw new InvalidBlobIdError(String(id));
};
