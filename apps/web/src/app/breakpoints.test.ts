import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, below, breakpointOf } from './breakpoints';
import { PORTRAIT_QUERY } from './PortraitNotice';

describe('breakpoints', () => {
  it('are xs 340, sm 540, md 800, lg 1280', () => expect(BREAKPOINTS).toEqual({ xs: 340, sm: 540, md: 800, lg: 1280 }));
  it.each([
    [320, 'xs'],
    [539, 'xs'],
    [540, 'sm'],
    [799, 'sm'],
    [800, 'md'],
    [1279, 'md'],
    [1280, 'lg'],
    [2560, 'lg'],
  ] as const)('puts a width of %i px at %s', (width, breakpoint) => expect(breakpointOf(width)).toBe(breakpoint));
  it('shows the portrait notice on screens narrower than lg held upright', () =>
    expect(PORTRAIT_QUERY).toBe(`(orientation: portrait) and ${below('lg')}`));
});
