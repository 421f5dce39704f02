// The contract suite (bus.contract.ts) imports vitest: import it by path from tests, not from here.
// SubscribeOptions is re-exported as BusSubscribeOptions: the event store port has its own SubscribeOptions.
export { subjectMatches } from './bus';
export type {
  Bus,
  BusHandler,
  BusMessage,
  BusSubscription,
  DurableOptions,
  DurableSubscription,
  SubscribeOptions as BusSubscribeOptions,
} from './bus';
export * from './handlerQueue';
export * from './inProcessBus';
export * from './natsBus';
export * from './subjects';
