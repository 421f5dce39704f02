/** Hex colours: 3 or 6 digits, with or without '#' (spec 1 §5, spec 2 §5). */
export const HEX_COLOUR_PATTERN = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const isHexColour = (value: string): boolean => HEX_COLOUR_PATTERN.test(value.trim());

/** '#abc' / 'AABBCC' -> '#aabbcc'; call only with a valid hex colour. */
export const normaliseHexColour = (value: string): string => {
  const digits = value.trim().replace(/^#/, '').toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
};
/** '#' and six hex digits: the longest colour a colour field takes. */
export const HEX_COLOUR_MAX = 7;
