export * from './timers';
export * from './actions';
export * from './manager';
export * from './service';
