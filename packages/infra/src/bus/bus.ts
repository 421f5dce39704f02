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
}

export interface Bus {
  /** JSON-serialisable data; resolves once the adapter has accepted the message */
  publish<T>(subject: string, data: T, options?: { id?: string }): Promise<void>;
  subscribe<T = unknown>(pattern: string, handler: BusHandler<T>, options?: SubscribeOptions): Promise<BusSubscription>;
  /** resolves when messages published so far have reached the adapter's subscribers' queues */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const subjectMatches = (pattern: string, subject: string): boolean => {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
};
