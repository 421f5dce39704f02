export * from './deliveries';
export * from './dispatcher';
export * from './targetGuard';
export * from './visibility';
export * from './service';
