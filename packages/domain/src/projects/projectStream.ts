export const toProjectStreamId = (projectId: string): string => `project-${projectId}`;
/** Reservation stream that makes a slug unique within a licence: claimed once, by one project. */
export const toProjectSlugStreamId = (licenceId: string, slug: string): string => `projectSlug-${licenceId}-${slug}`;
