export * from './config';
export * from './adapters';
