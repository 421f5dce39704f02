/** The board aggregate's stream: 'board-<id>' (category 'board'). */
export const toBoardStreamId = (boardId: string): string => `board-${boardId}`;
