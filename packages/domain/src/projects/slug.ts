export const SLUG_MAX = 80;

/**
 * The URL slug of a project, from its number and name: lower case, diacritics dropped, every run of other
 * characters one dash ('2024-01 Nieuwbouw Café' -> '2024-01-nieuwbouw-cafe'). 'project' when nothing is left.
 */
export const projectSlug = (number: string, name: string): string => {
  const slug = `${number} ${name}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'project';
};

/** The n-th candidate for a slug (1 = the slug itself, 2 = slug-2, …). */
export const slugCandidate = (slug: string, n: number): string =>
  n <= 1 ? slug : `${slug.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
