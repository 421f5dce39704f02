import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '../shared/i18n';
import { allResources } from './allResources';

const resources = allResources();

const english = resources.en;

describe('locales', () => {
  describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s', (language) => {
    it.each(NAMESPACES)('has exactly the English keys in %s', (namespace) => {
      const translated: Record<string, string> = resources[language][namespace];
      const source: Record<string, string> = english[namespace];
      const missing = Object.keys(source).filter((key) => !(key in translated));
      const extra = Object.keys(translated).filter((key) => !(key in source));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
  });

  describe.each(LANGUAGES)('%s', (language) => {
    it.each(NAMESPACES)('has no empty value in %s', (namespace) => {
      const values: Record<string, string> = resources[language][namespace];
      const empty = Object.entries(values)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty).toEqual([]);
    });
  });

  it.each(NAMESPACES)('shapes every key of %s as <feature>.<area>.<phrase>, with a plural suffix where counted', (namespace) => {
    const wrong = Object.keys(english[namespace]).filter(
      (key) => !new RegExp(`^${namespace}\\.[a-z0-9-]+\\.[a-z0-9-]+(_(zero|one|two|few|many|other))?$`).test(key),
    );
    expect(wrong).toEqual([]);
  });

  it('keeps the placeholders of English in every translation', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const mismatches: string[] = [];
    for (const language of LANGUAGES)
      for (const namespace of NAMESPACES) {
        const values: Record<string, string> = resources[language][namespace];
        for (const [key, source] of Object.entries(english[namespace] as Record<string, string>))
          if (JSON.stringify(placeholders(source)) !== JSON.stringify(placeholders(values[key] ?? '')))
            mismatches.push(`${language}:${key}`);
      }
    expect(mismatches).toEqual([]);
  });
});
