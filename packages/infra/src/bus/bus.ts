import type { HealthReporter } from '../health/healthRegistry';

/**
 * Bus port: NATS subject semantics. Tokens are separated by '.', '*' matches one token,
 * '>' (last token only) matches one or more tokens.
 */
export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
  /** message id (the event id for forwarded events); used for de-duplication by durable adapters */
  id?: string;
}

export type BusHandler<T = unknown> = (message: BusMessage<T>) => void | Promise<void>;

export interface BusSubscription {
  unsubscribe(): Promise<void>;
}

export interface SubscribeOptions {
  /** queue group: each message goes to one member of the group */
  queue?: string;
  /** told `retrying` while the adapter cannot receive (connection lost) and `running` once it can again */
  health?: HealthReporter;
}

export interface DurableOptions {
  /** the durable's name (letters, digits, '-', '_'): subscribers of one name share its messages, one gets each */
  name: string;
  /** told `running` after each handled message, `retrying` when a handler throws or the connection is lost */
  health?: HealthReporter;
}

export interface DurableSubscription extends BusSubscription {
  /** messages kept for this durable and not yet handled; null when the adapter cannot tell now */
  lag(): Promise<number | null>;
}

export interface Bus {
  /** JSON-serialisable data; resolves once the adapter has accepted the message */
  publish<T>(subject: string, data: T, options?: { id?: string }): Promise<void>;
  subscribe<T = unknown>(pattern: string, handler: BusHandler<T>, options?: SubscribeOptions): Promise<BusSubscription>;
  /**
   * A durable subscription with explicit acknowledgement, for consumers that must not miss a message: it receives
   * every message published to a matching subject of the durable store (`stramien.>`) from the moment its name was
   * first subscribed, including those published while no subscriber of that name ran (stopped, crashed, or the bus
   * unreachable). A message is acknowledged when the handler resolves; when it throws, the message comes again after
   * a backoff delay, never dropped (handlers must be idempotent). Messages whose id was seen are delivered once.
   */
  durable<T = unknown>(pattern: string, handler: BusHandler<T>, options: DurableOptions): Promise<DurableSubscription>;
  /** resolves when messages published so far have reached the adapter's subscribers' queues */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const subjectMatches = (pattern: string, subject: string): boolean => tokensMatch(pattern.split('.'), subject.split('.'));

/** subjectMatches on the tokens of a pattern and a subject split once (an adapter matches one subject against many patterns) */
export const tokensMatch = (p: readonly string[], s: readonly string[]): boolean => {
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
};
