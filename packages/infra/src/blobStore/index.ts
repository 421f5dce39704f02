// The contract suite (blobStore.contract.ts) imports vitest: import it by path from tests, not from here.
export * from './blobErrors';
export * from './blobIds';
export * from './blobStore';
export * from './fileBlobStore';
export * from './gridFsBlobStore';
