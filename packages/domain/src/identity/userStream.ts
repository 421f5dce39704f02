export const toUserStreamId = (userId: string): string => `user-${userId}`;
/** Reservation stream that makes e-mail addresses unique: appended with expected 'no_stream'. */
export const toUserEmailStreamId = (email: string): string => `userEmail-${normaliseEmail(email)}`;
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
