/** The background job aggregate's stream: 'job-<id>' (category 'job'). */
export const toJobStreamId = (jobId: string): string => `job-${jobId}`;
