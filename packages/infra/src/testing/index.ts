export * from './natsServer';
export * from './shapes';
