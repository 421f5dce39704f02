import type { ArticleTexts } from './article';

/** Lower case without diacritics, so 'uberblick' finds 'Überblick' and 'taak' finds 'Taak'. */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();

/** The words of a search: folded, split on white space, at most 10. */
export const searchTerms = (search: string): string[] => foldForSearch(search).split(/\s+/).filter(Boolean).slice(0, 10);

/**
 * How well an article's texts (in the reader's language) match a search: 0 when some word is in neither title nor
 * body, else higher when more words are in the title. Every word must appear (AND), as users of a help search expect.
 */
export const articleMatchScore = (texts: ArticleTexts, terms: string[]): number => {
  if (terms.length === 0) return 1;
  const title = foldForSearch(texts.title);
  const body = foldForSearch(texts.body);
  let score = 0;
  for (const term of terms) {
    if (title.includes(term)) score += 3;
    else if (body.includes(term)) score += 1;
    else return 0;
  }
  return score;
};

/** The first words of a markdown body as plain text, for a list entry. */
export const articleExcerpt = (body: string, max = 180): string => {
  const plain = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+.*$/gm, ' ')
    // list markers and quotes at the start of a line; table pipes and separator rows
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/^[\s|:-]+$/gm, ' ')
    .replace(/\|/g, ' ')
    // emphasis and code marks, not the hyphens and underscores inside words
    .replace(/\*\*|__|\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  // end on a whole word: drop a word the cut went through
  const whole = /\s/.test(plain.charAt(max - 1)) ? cut : cut.replace(/\s+\S*$/, '');
  return `${whole.trimEnd()}…`;
};
