/** User-facing message texts. Where the spec gives a text it is quoted exactly. */
export const messages = {
  shared: {
    forbidden: 'This action is unauthorized.',
    notFound: 'Not found.',
    invalidInput: 'The given data was invalid.',
    unauthenticated: 'Unauthenticated.',
    serverError: 'Something went wrong on our side. Please try again.',
    conflict: 'Someone else changed this at the same time. Please try again.',
    serviceUnavailable: 'Service Unavailable',
  },
  identity: {
    loginFallback: 'Client error on login flow',
    sessionExpired: 'Session expired. Relogin please.',
    invalidCredentials: 'These credentials do not match our records.',
    invalidClient: 'Client authentication failed',
    emailTaken: 'The email has already been taken.',
    signedOut: 'Signed out',
    newDeviceSignIn: 'New sign-in to your account from {device}',
  },
} as const;

/** Fills '{name}' placeholders. */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
