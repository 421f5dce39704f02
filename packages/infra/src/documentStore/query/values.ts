/**
 * BSON-like value order, as MongoDB compares values for sorting and range operators:
 * missing = null < numbers < strings < objects < arrays < booleans < dates < regular expressions.
 * Strings compare by code point (the byte order of their UTF-8 encoding, as MongoDB and SQLite do);
 * objects compare field by field in their stored order, so field order matters, as in MongoDB.
 */

export type PlainObject = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is PlainObject => {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** the canonical type rank of a value; values of different ranks never compare equal */
export const typeRank = (value: unknown): number => {
  if (value === undefined || value === null) return 1;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 2;
    case 'string':
      return 3;
    case 'boolean':
      return 8;
    default:
      break;
  }
  if (Array.isArray(value)) return 5;
  if (value instanceof Date) return 9;
  if (value instanceof RegExp) return 11;
  // plain objects and any other object (a driver's ObjectId, Decimal128 …) sort as documents
  return 4;
};

/** remaps UTF-16 code units so that surrogate pairs sort above U+E000–U+FFFF, i.e. by code point */
const codePointOrder = (unit: number): number => (unit >= 0xd800 ? (unit <= 0xdfff ? unit + 0x2000 : unit - 0x800) : unit);

export const compareStrings = (a: string, b: string): number => {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) < codePointOrder(y) ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
};

const compareNumbers = (a: number | bigint, b: number | bigint): number => {
  const aNaN = typeof a === 'number' && Number.isNaN(a);
  const bNaN = typeof b === 'number' && Number.isNaN(b);
  // MongoDB orders NaN below every other number
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

const compareObjects = (a: object, b: object): number => {
  const aEntries = Object.entries(a).filter(([, v]) => v !== undefined);
  const bEntries = Object.entries(b).filter(([, v]) => v !== undefined);
  const length = Math.min(aEntries.length, bEntries.length);
  for (let i = 0; i < length; i++) {
    const [aKey, aValue] = aEntries[i]!;
    const [bKey, bValue] = bEntries[i]!;
    const byType = typeRank(aValue) - typeRank(bValue);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    const byKey = compareStrings(aKey, bKey);
    if (byKey !== 0) return byKey;
    const byValue = compareValues(aValue, bValue);
    if (byValue !== 0) return byValue;
  }
  return Math.sign(aEntries.length - bEntries.length);
};

const compareArrays = (a: unknown[], b: unknown[]): number => {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const byValue = compareValues(a[i], b[i]);
    if (byValue !== 0) return byValue;
  }
  return Math.sign(a.length - b.length);
};

/** total order over values: negative, 0 or positive */
export const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case 1:
      return 0;
    case 2:
      return compareNumbers(a as number | bigint, b as number | bigint);
    case 3:
      return compareStrings(a as string, b as string);
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    case 8:
      return a === b ? 0 : a ? 1 : -1;
    case 9:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case 11: {
      const byPattern = compareStrings((a as RegExp).source, (b as RegExp).source);
      return byPattern !== 0 ? byPattern : compareStrings((a as RegExp).flags, (b as RegExp).flags);
    }
    default:
      return isPlainObject(a) && isPlainObject(b) ? compareObjects(a, b) : compareStrings(String(a), String(b));
  }
};

/** MongoDB equality: same canonical type and same value (1 equals 1.0; objects compare with field order) */
export const valuesEqual = (a: unknown, b: unknown): boolean => a === b || compareValues(a, b) === 0;
