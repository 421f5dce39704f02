/** The task aggregate's stream: 'task-<id>' (category 'task'). */
export const toTaskStreamId = (taskId: string): string => `task-${taskId}`;
