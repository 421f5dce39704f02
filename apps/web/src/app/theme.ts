/** Default primary colour (spec §9); a licence theme may override it. */
export const DEFAULT_PRIMARY_COLOUR = '#2e8be8';
/** Above this perceived brightness text on the primary colour turns dark (spec §9 contrast threshold). */
export const CONTRAST_THRESHOLD = 186;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A usable `#rrggbb` colour, or the default when the value is missing or not a 3/6-digit hex colour. */
export const primaryColour = (value: string | null | undefined): string => {
  const match = value ? HEX.exec(value.trim()) : null;
  if (!match?.[1]) return DEFAULT_PRIMARY_COLOUR;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
};

/** Black or white, whichever reads on the given `#rrggbb` background. */
export const textColourOn = (hex: string): '#1c2127' | '#ffffff' => {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return r * 0.299 + g * 0.587 + b * 0.114 > CONTRAST_THRESHOLD ? '#1c2127' : '#ffffff';
};

/** Sets the app's primary colour as CSS variables on the document. */
export const applyPrimaryColour = (value: string | null | undefined, root: HTMLElement = document.documentElement): void => {
  const colour = primaryColour(value);
  root.style.setProperty('--stramien-primary', colour);
  root.style.setProperty('--stramien-on-primary', textColourOn(colour));
};
