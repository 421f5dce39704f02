// the file as it is installed, not as the build rewrites it (the tests run without the build's plugins)
import original from '@blueprintjs/icons/lib/esm/iconLoader.js?raw';
import { BlueprintIcons_16 } from '@blueprintjs/icons/lib/esm/generated/16px/blueprint-icons-16';
import { describe, expect, it } from 'vitest';
import { ICON_NAME_SHAPE, rewriteIconLoader } from './blueprintIconNames';

describe("the build's icon loader without the icon name list", () => {
  it('imports the list only in loadAll, and keeps every line', () => {
    const rewritten = rewriteIconLoader(original);
    expect(rewritten).not.toMatch(/^import .* from "\.\/iconNames";?$/m);
    expect(rewritten).toContain('(await import("./iconNames")).IconNames');
    expect(rewritten.split('\n')).toHaveLength(original.split('\n').length);
  });

  it('takes every icon name as valid, and no other shape', () => {
    const names = Object.values(BlueprintIcons_16);
    expect(names.length).toBeGreaterThan(700);
    expect(names.filter((name) => !ICON_NAME_SHAPE.test(name))).toEqual([]);
    for (const wrong of ['', 'Cog', 'cog ', 'add--column', '-cog', 'cog-', '<svg>']) expect(ICON_NAME_SHAPE.test(wrong)).toBe(false);
  });

  it('fails (and so does the build) when the loader changed', () => {
    expect(() => rewriteIconLoader(original.replace('import { IconNames, IconNamesSet } from "./iconNames";', ''))).toThrow(/changed/);
    expect(() => rewriteIconLoader(`${original}\nexport const all = () => IconNamesSet;`)).toThrow(/still uses/);
  });
});
