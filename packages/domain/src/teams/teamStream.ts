/** The team aggregate's stream: 'team-<id>' (category 'team'). */
export const toTeamStreamId = (teamId: string): string => `team-${teamId}`;
