export const toTwoFactorStreamId = (userId: string): string => `twoFactor-${userId}`;
