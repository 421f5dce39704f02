export * from './licence';
export * from './decide';
export * from './colour';
export * from './manufacturing';
export * from './messages';
