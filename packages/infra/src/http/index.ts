export * from './errorHandler';
export * from './server';
