import { describe, expect, it } from 'vitest';
import { messageTexts } from '@stramien/domain';
import { LANGUAGES, SERVER_NAMESPACE } from '../shared/i18n';
import { allResources } from './allResources';

const resources = allResources();

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// every text the server sends has a key in the domain's message catalogues; the web app renders it in every language
describe('the server namespace', () => {
  const domain = messageTexts();

  it('repeats every English text of the domain under its key', () => {
    expect(resources.en[SERVER_NAMESPACE]).toEqual(domain);
  });

  describe.each(LANGUAGES)('%s', (language) => {
    const translated: Record<string, string> = resources[language][SERVER_NAMESPACE];
    it('has every domain message key and no other', () => {
      const missing = Object.keys(domain).filter((key) => !(key in translated));
      const extra = Object.keys(translated).filter((key) => !(key in domain));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });
    it('keeps the placeholders of English and leaves no text empty', () => {
      const wrong = Object.entries(domain)
        .filter(
          ([key, english]) =>
            !translated[key]?.trim() || JSON.stringify(placeholders(english)) !== JSON.stringify(placeholders(translated[key]!)),
        )
        .map(([key]) => key);
      expect(wrong).toEqual([]);
    });
  });
});
