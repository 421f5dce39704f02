/** Every API token starts with this, so a bearer value is told apart from a JWT (and secret scanners can find leaks). */
export const API_TOKEN_PREFIX = 'stramien_pat_';

/** The plaintext token shown once: `stramien_pat_<token uuid>_<secret>`. */
export const formatApiToken = (tokenId: string, secret: string): string => `${API_TOKEN_PREFIX}${tokenId}_${secret}`;

const pattern = /^stramien_pat_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43,128})$/;

/** The id and secret of a plaintext token, or null when it is not shaped like one. */
export const parseApiToken = (value: string): { tokenId: string; secret: string } | null => {
  const m = pattern.exec(value);
  return m ? { tokenId: m[1]!, secret: m[2]! } : null;
};

/** The last four characters of the plaintext token, listed so the user can tell tokens apart. */
export const apiTokenHint = (plaintext: string): string => plaintext.slice(-4);
