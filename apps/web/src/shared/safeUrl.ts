import { isSafeLink } from '@stramien/domain';

/**
 * Only http(s) addresses, mailto: and paths of this site survive; anything else (javascript:, data:, vbscript:,
 * protocol-relative '//host') becomes no link at all. The same rule the server applies to news links (isSafeLink).
 */
export const safeUrl = (url: string): string | null => {
  const value = url.trim();
  if (/^mailto:[^\s]+$/i.test(value)) return value;
  if (/^#[\w-]*$/.test(value)) return value;
  return isSafeLink(value) ? value : null;
};
