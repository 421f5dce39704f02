import { z } from 'zod';

/**
 * The name of an event for integrations: `<category>.<EventType>` (e.g. `task.TaskClosed`, `user.UserSignedIn`),
 * where the category is the stream's (the part of the stream id before the first dash). Every event type, also those
 * added later, has one without extra work.
 */
export const webhookEventName = (category: string, type: string): string => `${category}.${type}`;

/** `*` (everything), `<category>.*` or `<category>.<EventType>` */
export const EVENT_PATTERN = /^(\*|[a-z][A-Za-z0-9]{0,59}\.(\*|[A-Z][A-Za-z0-9]{0,99}))$/;
export const eventPatternSchema = z.string().trim().regex(EVENT_PATTERN);
export const EVENT_PATTERNS_MAX = 100;

/** true when the pattern selects the event named `name` (see webhookEventName) */
export const matchesPattern = (pattern: string, name: string): boolean => {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return name.startsWith(pattern.slice(0, -1));
  return pattern === name;
};

export const matchesAny = (patterns: readonly string[], name: string): boolean => patterns.some((p) => matchesPattern(p, name));
