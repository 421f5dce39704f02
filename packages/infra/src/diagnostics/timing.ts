import { channel } from 'node:diagnostics_channel';

/**
 * Where a request's time goes: `{ phase, ms }` messages ('auth', 'load', 'decide', 'append') on one
 * diagnostics channel, published only while something listens (the commands bench), so they cost nothing
 * otherwise.
 */
export const TIMING_CHANNEL = 'stramien:timing';
export interface TimingMessage {
  phase: string;
  ms: number;
}
const timing = channel(TIMING_CHANNEL);

/** publishes the time since `start` (a performance.now() reading) under `phase`, when someone listens */
export const recordTiming = (phase: string, start: number): void => {
  if (timing.hasSubscribers) timing.publish({ phase, ms: performance.now() - start } satisfies TimingMessage);
};
