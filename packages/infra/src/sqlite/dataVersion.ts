import type Database from 'better-sqlite3';

/**
 * A connection's `PRAGMA data_version`, which moves with every commit of another connection to the file (never with the
 * connection's own). `now()` reads it. `thisTurn()` reads it once per turn of the event loop, and again when
 * `othersWrites()` (the commits of this process's other connections, which the caller counts) has moved since: a read
 * costs about as much as the lookup it guards and a request makes several, while another process's (or thread's)
 * commit is seen from the next turn on. A value read by `now()` is also this turn's.
 *
 * The turn ends in the loop's check phase (`setImmediate`): a request's awaits continue after the I/O callback that
 * started it, and a tick queued there (`process.nextTick`) would run before those continuations, so each request read
 * the pragma twice.
 */
export interface DataVersion {
  now(): number;
  thisTurn(): number;
}

export const dataVersionOf = (db: Database.Database, othersWrites: () => number = () => 0): DataVersion => {
  const statement = db.prepare<[], number>('PRAGMA data_version').pluck();
  let turnValue: number | undefined;
  let seenWrites = 0;
  const endTurn = () => {
    turnValue = undefined;
  };
  const read = (): number => {
    if (turnValue === undefined) setImmediate(endTurn);
    seenWrites = othersWrites();
    turnValue = statement.get()!;
    return turnValue;
  };
  return {
    now: read,
    thisTurn: () => (turnValue === undefined || othersWrites() !== seenWrites ? read() : turnValue),
  };
};
