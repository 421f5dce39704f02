/**
 * User-facing message texts. Where the spec gives a text it is quoted exactly. Each text has a stable key, its
 * path in the message catalogues ('shared.forbidden', 'validation.tooLong'; see messageCatalogue.ts), which the
 * server sends with it so the web app renders it in the user's language.
 */
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
    /** the sign-in limiter holds the caller (Retry-After says the same in seconds) */
    signInLocked: 'Too many sign-in attempts. Try again in {minutes} minutes.',
  },
  /**
   * Field messages of input validation (the `errors` of a 400). A schema's own message (e.g. 'Password must match')
   * is kept; zod's generic ones are replaced by these (see validationText in messageCatalogue.ts).
   */
  validation: {
    /** spec 1 §5 */
    required: 'Required.',
    tooLong: 'Max {maximum} characters',
    tooShort: 'Min. {minimum} characters',
    tooManyItems: 'Max {maximum} items',
    tooFewItems: 'Choose at least {minimum}.',
    tooLarge: 'At most {maximum}.',
    tooSmall: 'At least {minimum}.',
    notWholeNumber: 'Enter a whole number.',
    notNumber: 'Enter a number.',
    notText: 'Enter text.',
    notBoolean: 'Choose yes or no.',
    notList: 'Give a list.',
    notObject: 'Give an object.',
    invalidEmail: 'Enter a valid e-mail address.',
    invalidId: 'Invalid id.',
    invalidUrl: 'Enter a full web address starting with http:// or https://.',
    invalidDate: 'Enter a valid date.',
    invalidFormat: 'Invalid format.',
    invalidOption: 'Choose one of: {options}',
    unknownFields: 'Unknown field: {keys}',
    invalidValue: 'Invalid value.',
    /** an API token's scopes */
    chooseScope: 'Choose at least one scope.',
    /** an API token's expiry */
    expireInFuture: 'The token must expire in the future.',
    /** two-factor codes */
    sixDigits: 'The code must be 6 digits.',
    /** the name of an API token */
    nameRequired: 'The name field is required.',
    /** POST /license/:id/user */
    emailOrUserId: 'Give either email or user_id.',
  },
} as const;

/** Fills '{name}' placeholders. */
export const format = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
