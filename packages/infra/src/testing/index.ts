export * from './natsServer';
