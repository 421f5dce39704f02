export * from './licence';
