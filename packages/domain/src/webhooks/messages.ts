/** User-facing texts of the webhooks context (issue 10). */
export const webhookMessages = {
  notFound: 'Webhook endpoint not found.',
  alreadyExists: 'This webhook endpoint already exists.',
  urlInvalid: 'Enter an https:// URL.',
  urlPrivate: 'This address is not allowed: webhooks are sent to public addresses only.',
  patternInvalid: 'Use an event pattern like task.* or user.UserSignedIn.',
  patternsRequired: 'Choose at least one event.',
  descriptionTooLong: 'Max 500 characters',
  created: 'Webhook endpoint created. Copy the secret now: it is shown only once.',
  secretRotated: 'Secret rotated. Copy the new secret now: it is shown only once.',
  redeliveryRequested: 'Redelivery requested.',
  replayRequested: 'Replay requested.',
  deliveryNotFound: 'Delivery not found.',
  rangeInvalid: 'The end of the range must lie after its start.',
  /** the notification to the licence's admins */
  disabledGone: 'Webhook {url} was disabled: it answered 410 Gone.',
  /** the notification to the licence's admins */
  disabledExhausted: 'Webhook {url} was disabled: every retry failed.',
} as const;
