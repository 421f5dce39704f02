/**
 * Subject syntax shared by the bus adapters (NATS rules): tokens separated by '.', no empty token, no whitespace.
 * A subject to publish to has no wildcard; a pattern may use '*' for one token and '>' as its last token.
 */
const TOKEN = /^[^\s.*>]+$/;

export const isValidSubject = (subject: string): boolean => subject.length > 0 && subject.split('.').every((token) => TOKEN.test(token));

export const isValidPattern = (pattern: string): boolean => {
  if (pattern.length === 0) return false;
  const tokens = pattern.split('.');
  return tokens.every((token, i) => token === '*' || (token === '>' && i === tokens.length - 1) || TOKEN.test(token));
};

export const assertSubject = (subject: string): void => {
  if (!isValidSubject(subject)) throw new Error(`Invalid bus subject '${subject}': tokens separated by '.', no wildcards, no whitespace`);
};

export const assertPattern = (pattern: string): void => {
  if (!isValidPattern(pattern))
    throw new Error(`Invalid bus subject pattern '${pattern}': '*' matches one token, '>' only as the last token`);
};
