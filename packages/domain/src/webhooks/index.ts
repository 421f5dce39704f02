export * from './webhookEndpoint';
export * from './decide';
export * from './webhookEndpointStream';
export * from './patterns';
export * from './payload';
export * from './messages';
export * from './eventCatalogue';
export * from './notifications';
