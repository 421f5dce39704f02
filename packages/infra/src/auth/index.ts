export * from './passwordHasher';
export * from './tokens';
export * from './authenticator';
export * from './signInLimiter';
