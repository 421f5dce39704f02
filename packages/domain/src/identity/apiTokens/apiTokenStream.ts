export const toApiTokenStreamId = (tokenId: string): string => `apiToken-${tokenId}`;
