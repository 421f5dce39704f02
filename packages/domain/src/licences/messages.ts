/** Message texts of the licences context; the spec's own texts are quoted exactly. */
export const licenceMessages = {
  invalidHexColour: 'Invalid HEX color.',
  required: 'Required.',
  notFound: 'Licence not found.',
  exists: 'Licence already exists',
  updated: 'Licence updated',
} as const;
