/** A redirect target from a query string, only when it is a path of this app (no other origin). */
export const safeRedirect = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
};

/** `/login?redirect=<path>` style target that returns to `from` afterwards. */
export const withRedirect = (path: string, from: string | null | undefined): string => {
  const target = safeRedirect(from);
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
};
