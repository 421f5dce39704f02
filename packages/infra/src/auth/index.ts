export * from './passwordHasher';
export * from './tokens';
export * from './authenticator';
export * from './authCache';
export * from './signInLimiter';
export * from './secretBox';
export * from './totp';
export * from './maintenanceToken';
