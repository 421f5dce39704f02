export * from './config';
export * from './adapters';
export * from './dataDir';
