/**
 * Subject syntax shared by the bus adapters (NATS rules): tokens separated by '.', no empty token, no whitespace.
 * A subject to publish to has no wildcard; a pattern may use '*' for one token and '>' as its last token.
 */
const TOKEN = /^[^\s.*>]+$/;

/** one or more TOKENs separated by single dots (checked in one pass: every published message is checked) */
const SUBJECT = /^[^\s.*>]+(?:\.[^\s.*>]+)*$/;

export const isValidSubject = (subject: string): boolean => SUBJECT.test(subject);

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

/** true when every subject `inner` matches is also matched by `outer` */
export const patternWithin = (outer: string, inner: string): boolean => {
  const o = outer.split('.');
  const i = inner.split('.');
  for (let k = 0; k < o.length; k++) {
    const token = o[k];
    if (token === '>') return i.length > k;
    if (k >= i.length || i[k] === '>') return false;
    if (token !== '*' && (i[k] === '*' || token !== i[k])) return false;
  }
  return o.length === i.length;
};

const DURABLE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

export const assertDurableName = (name: string): void => {
  if (!DURABLE_NAME.test(name)) throw new Error(`Invalid durable name '${name}': letters, digits, '-' and '_' only`);
};
