export * from './app';
export * from './runtime';
export * from './pipeline/commandPipeline';
export * from './bootstrap/demo';
