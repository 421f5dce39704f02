import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOUR, applyPrimaryColour, primaryColour, textColourOn } from './theme';

describe('theme', () => {
  it('uses the licence colour when it is a 3 or 6 digit hex colour', () => {
    expect(primaryColour('#D32F2F')).toBe('#d32f2f');
    expect(primaryColour('#abc')).toBe('#aabbcc');
  });

  it('falls back to #2e8be8 without a usable licence colour', () => {
    expect(DEFAULT_PRIMARY_COLOUR).toBe('#2e8be8');
    expect(primaryColour(null)).toBe('#2e8be8');
    expect(primaryColour('#12345')).toBe('#2e8be8');
    expect(primaryColour('red')).toBe('#2e8be8');
  });

  it('writes dark text on light colours and white text on dark ones', () => {
    expect(textColourOn('#ffeb3b')).toBe('#1c2127');
    expect(textColourOn('#2e8be8')).toBe('#ffffff');
  });

  it('sets the CSS variables on the document', () => {
    applyPrimaryColour('#ffeb3b');
    expect(document.documentElement.style.getPropertyValue('--stramien-primary')).toBe('#ffeb3b');
    expect(document.documentElement.style.getPropertyValue('--stramien-on-primary')).toBe('#1c2127');
  });
});
