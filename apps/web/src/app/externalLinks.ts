/**
 * Where the user menu's outside links go. Set at build time (Vite env): VITE_STRAMIEN_SUPPORT_URL,
 * VITE_STRAMIEN_API_DOCS_URL (the API reference; user documentation is the knowledge base, /knowledge-base). The support portal opens with the user's token (spec 1 §2), passed in the URL
 * fragment so it never reaches a server log or a Referer header.
 */
export const SUPPORT_PORTAL_URL: string = import.meta.env.VITE_STRAMIEN_SUPPORT_URL || 'https://support.stramien.nl/';
export const API_REFERENCE_URL: string = import.meta.env.VITE_STRAMIEN_API_DOCS_URL || '/api/docs';

export const supportPortalUrl = (token: string, base: string = SUPPORT_PORTAL_URL): string => {
  const url = new URL(base, window.location.origin);
  url.hash = new URLSearchParams({ token }).toString();
  return url.toString();
};
