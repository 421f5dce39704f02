import type { EventStore, EventSubscription } from '../eventStore/eventStore';
import { trimOldest } from '../caches/trimOldest';

/** how long a looked-up document or verified token is kept; also the longest a change that is not a revocation takes to show */
export const AUTH_CACHE_TTL_MS = 2_000;
/** entries (documents, tokens and pending revocations) kept at most, least recently used first out */
export const AUTH_CACHE_MAX_ENTRIES = 50_000;

/** An event as the cache needs it: its type, data and global position. */
export interface ObservedEvent {
  type: string;
  data: unknown;
  position: number;
}

type Keys = (data: Record<string, unknown>) => string[];
const userKey: Keys = (d) => [`user:${String(d.userId)}`];

/**
 * The identity events that take access away (or change what the authenticator answers about rights), and the
 * cached lookups each one ends at once. Profile changes (name, language) are not among them: they show
 * within the TTL.
 */
const REVOKING: Record<string, Keys> = {
  UserSignedOut: (d) => [`session:${String(d.sessionId)}`],
  UserPasswordChanged: userKey,
  UserPasswordReset: userKey,
  UserDisabled: userKey,
  UserEnabled: userKey,
  UserRemovedFromLicence: userKey,
  UserLicenceAdminChanged: userKey,
  UserAddedToLicence: userKey,
  UserInvitationAccepted: userKey,
  ApiTokenRevoked: (d) => [`apiToken:${String(d.tokenId)}`],
};
export const REVOKING_EVENT_TYPES = Object.keys(REVOKING);

interface Entry {
  value?: unknown;
  /** a revocation at this position is pending: documents older than it are not kept */
  fence?: number;
  expiresAt: number;
}

/**
 * The authenticator's short-lived cache of its lookups (user, session and API token documents, verified
 * access tokens). A revocation ends the cached lookups it touches at once, in two ways:
 * - `observe`, called by the command pipeline right after its append (this process, before the answer);
 * - `watch`, a subscription to the event log filtered on the revoking types (every other writer, and other
 *   processes sharing the store).
 * A revocation also leaves a fence at its position: a document read from a read model that has not applied
 * it yet (`_position` below the fence) is served but not kept, so a racing request cannot cache the old one.
 * See docs/architecture-notes.md, "Authenticator cache".
 */
export const createAuthCache = (options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) => {
  const ttlMs = options.ttlMs ?? AUTH_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? AUTH_CACHE_MAX_ENTRIES;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();

  const put = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    trimOldest(entries, maxEntries);
  };

  const observe = (events: ObservedEvent[]) => {
    for (const event of events) {
      const keys = REVOKING[event.type]?.((event.data ?? {}) as Record<string, unknown>) ?? [];
      for (const key of keys) {
        const fence = Math.max(entries.get(key)?.fence ?? 0, event.position);
        // a fence outlives the TTL a little: the read model normally catches up within it
        put(key, { fence, expiresAt: now() + 30 * ttlMs });
      }
    }
  };

  return {
    /** the value `lookup` would answer for `key` from the cache, without loading it (undefined when it would load) */
    peek<T>(key: string): T | undefined {
      const entry = entries.get(key);
      return entry && entry.expiresAt > now() && 'value' in entry ? (entry.value as T) : undefined;
    },
    /**
     * The cached value of `key`, else `load()`'s, kept for the TTL unless it is null or older than a pending
     * revocation (`positionOf` gives the read-model position a value reflects). `keepUntil` (epoch ms) replaces the
     * TTL for a value that cannot change (a verified token's claims: until the token expires).
     */
    async lookup<T>(
      key: string,
      load: () => Promise<T | null>,
      positionOf: (value: T) => number = () => Infinity,
      keepUntil?: (value: T) => number,
    ): Promise<T | null> {
      const entry = entries.get(key);
      const at = now();
      if (entry && entry.expiresAt > at && 'value' in entry) return entry.value as T;
      const value = await load();
      if (value === null) return null;
      const fence = entries.get(key)?.fence;
      const fenceLive = fence !== undefined && (entries.get(key)?.expiresAt ?? 0) > now();
      if (fenceLive && positionOf(value) < fence) return value;
      put(key, { value, expiresAt: keepUntil ? keepUntil(value) : now() + ttlMs });
      return value;
    },
    observe,
    /** follows the log's revoking events from its head on; stop() ends it */
    watch(eventStore: EventStore): { stop(): Promise<void> } {
      let subscription: EventSubscription | null = null;
      let stopped = false;
      const started = eventStore.headPosition().then(async (head) => {
        if (stopped) return;
        subscription = eventStore.subscribe({ after: head, filter: { eventTypes: REVOKING_EVENT_TYPES } });
        for await (const event of subscription) observe([event]);
      });
      // a closed store ends the subscription; nothing to report
      started.catch(() => {});
      return {
        async stop() {
          stopped = true;
          await subscription?.close();
          await started.catch(() => {});
        },
      };
    },
  };
};
export type AuthCache = ReturnType<typeof createAuthCache>;
