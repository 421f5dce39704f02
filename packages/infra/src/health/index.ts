export * from './backoff';
export * from './healthRegistry';
export * from './supervise';
export * from './shutdown';
export * from './healthEndpoints';
