export * from './notifications/notificationDoc';
export * from './notifications/notifier';
export * from './socket/channelAuth';
export * from './socket/socketHub';
export * from './plugin';
