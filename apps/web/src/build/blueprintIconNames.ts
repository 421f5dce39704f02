import type { Plugin } from 'vite';

/** the shape of every Blueprint icon name (all 706 of @blueprintjs/icons 6 have it) */
export const ICON_NAME_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** what the build replaces in @blueprintjs/icons' iconLoader.js, and with what */
const REWRITES: readonly (readonly [string, string])[] = [
  ['import { IconNames, IconNamesSet } from "./iconNames";', ''],
  ['const allIcons = Object.values(IconNames);', 'const allIcons = Object.values((await import("./iconNames")).IconNames);'],
  ['return IconNamesSet.has(iconName);', `return typeof iconName === "string" && ${String(ICON_NAME_SHAPE)}.test(iconName);`],
];

/**
 * iconLoader.js without its static import of the icon name list: `isValidIconName` checks the shape of the name,
 * `loadAll` imports the list when called. Throws when the text to replace is not there (a Blueprint upgrade
 * changed the loader), so the build fails instead of bringing the list back silently. Lines are kept (the source
 * map stays right).
 */
export const rewriteIconLoader = (code: string): string => {
  let out = code;
  for (const [from, to] of REWRITES) {
    if (!out.includes(from)) throw new Error(`@blueprintjs/icons' iconLoader.js changed: "${from}" not found`);
    out = out.replace(from, to);
  }
  if (/\bIconNames(Set)?\b/.test(out.replace('(await import("./iconNames")).IconNames', ''))) {
    throw new Error("@blueprintjs/icons' iconLoader.js still uses the icon name list");
  }
  return out;
};

const ICON_LOADER = /\/@blueprintjs\/icons\/lib\/esm\/iconLoader\.js$/;

/**
 * Blueprint core's `Icon` imports the icon loader (`Icons`), whose module imports the list of all icon names
 * (`iconNames.js`: 706 names and `change-case`, 7-8 KB brotli) for two uses: `isValidIconName` (a `Set` lookup)
 * and `loadAll`. The loader has no option to leave it out (`Icons.setLoaderOptions` replaces the paths loader
 * only), so the build rewrites those two uses (`rewriteIconLoader`). A name of the right shape that is no icon
 * finds no paths, and the `Icon` shows nothing, as for an unknown name before; the app's names are typed
 * (`IconName`). The dev server and the tests keep the original module. See docs/performance.md, "Web bundle".
 */
export const blueprintIconNamesOnDemand = (): Plugin => {
  let rewritten = false;
  return {
    name: 'stramien-blueprint-icon-names-on-demand',
    apply: 'build',
    transform(code, id) {
      if (!ICON_LOADER.test(id.replace(/\\/g, '/').split('?')[0]!)) return null;
      try {
        const out = rewriteIconLoader(code);
        rewritten = true;
        return { code: out, map: null };
      } catch (error) {
        return this.error(error instanceof Error ? error.message : String(error));
      }
    },
    buildEnd(error) {
      if (!error && !rewritten)
        this.error("@blueprintjs/icons' iconLoader.js was not found to rewrite (see src/build/blueprintIconNames.ts)");
    },
  };
};
