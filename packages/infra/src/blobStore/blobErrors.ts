/** put() with a caller-chosen id that is already taken; the stored blob is left as it was */
export class BlobExistsError extends Error {
  override readonly name = 'BlobExistsError';
  constructor(readonly id: string) {
    super(`Blob ${id} already exists`);
  }
}

/** put() with an id that is not a blob id (letters, digits, '-' and '_', 2 to 128 characters, not starting with '-' or '_') */
export class InvalidBlobIdError extends Error {
  override readonly name = 'InvalidBlobIdError';
  constructor(readonly id: string) {
    super(`Invalid blob id '${id.length > 40 ? `${id.slice(0, 40)}…` : id}'`);
  }
}
