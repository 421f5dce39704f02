/** A node's stream: 'sbs-<id>' (category 'sbs'). */
export const toSbsNodeStreamId = (nodeId: string): string => `sbs-${nodeId}`;
/** A version's stream: 'sbsVersion-<id>' (category 'sbsVersion'). */
export const toSbsVersionStreamId = (versionId: string): string => `sbsVersion-${versionId}`;
