import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../shared/i18n';
import { allResources } from './allResources';

/** the app's code as text (tests left out: a key only a test names is still unused) */
const sources = Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }))
  .filter(([path]) => !path.startsWith('../locales/') && !/\.test\.tsx?$/.test(path))
  .map(([, text]) => text);
const code = sources.join('\n');

/** keys built at run time, e.g. `boards.status.${status}`, as patterns (each `${…}` one key segment) */
const built = [...code.matchAll(/`([a-zA-Z]+\.[^`]*?\$\{[^`]*)`/g)].map(
  ([, template]) =>
    new RegExp(
      `^${template!
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[a-z0-9-]+')}$`,
    ),
);

/** a key is used where the code names it in quotes, or builds it from a template (plural forms count as their key) */
const isUsed = (key: string): boolean => {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  return ["'", '"', '`'].some((quote) => code.includes(`${quote}${base}${quote}`)) || built.some((pattern) => pattern.test(base));
};

describe('locales', () => {
  const english = allResources().en;
  it.each(NAMESPACES)('holds no key of %s that no code uses', (namespace) => {
    expect(Object.keys(english[namespace]).filter((key) => !isUsed(key))).toEqual([]);
  });
});
