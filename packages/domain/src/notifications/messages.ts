/**
 * Texts of the notifications the server composes. A notification stores its key and values next to the English
 * text, and the web app renders it in the reader's language. Browser and system names are not translated.
 */
export const notificationMessages = {
  /** a sign-in from a browser never seen for this user, e.g. 'New sign-in to your account from Chrome on Linux' */
  signInBrowserOnSystem: 'New sign-in to your account from {browser} on {system}',
  signInBrowser: 'New sign-in to your account from {browser}',
  signInUnknownBrowserOnSystem: 'New sign-in to your account from a browser on {system}',
  signInUnknownBrowser: 'New sign-in to your account from a browser',
  /** no user agent at all */
  signInNewBrowser: 'New sign-in to your account from a new browser',
  notFound: 'Notification not found.',
  /** a manual workflow job given to the reader (services/notifier, SessionJobAssigned) */
  workflowJobAssigned: 'You have been given the job {job} of the session {session}',
  /** a manual job given to the reader while it waited, now open (services/notifier, SessionJobOpened) */
  workflowJobOpened: 'The job {job} of the session {session} is ready for you',
} as const;
