import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataVersionOf } from './dataVersion';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('dataVersionOf', () => {
  let dir: string;
  let mine: Database.Database;
  let other: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stramien-data-version-'));
    mine = new Database(join(dir, 'file.sqlite'));
    mine.pragma('journal_mode = WAL');
    mine.exec('CREATE TABLE t (n INTEGER)');
    other = new Database(join(dir, 'file.sqlite'));
  });
  afterEach(() => {
    mine.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const commitElsewhere = () => other.prepare('INSERT INTO t (n) VALUES (1)').run();

  it("reads once per turn: another connection's commit is seen from the next turn on, by now() at once", async () => {
    const versions = dataVersionOf(mine);
    const first = versions.thisTurn();
    commitElsewhere();
    expect(versions.thisTurn()).toBe(first);
    await nextTurn();
    const second = versions.thisTurn();
    expect(second).not.toBe(first);
    commitElsewhere();
    const third = versions.now();
    expect(third).not.toBe(second);
    // what now() read is also this turn's
    expect(versions.thisTurn()).toBe(third);
  });

  it("keeps the turn's value through the awaits of a callback (a request's reads), up to the loop's check phase", async () => {
    const versions = dataVersionOf(mine);
    const seen = await new Promise<number[]>((resolve) => {
      // an I/O or timer callback starts the request; its awaits continue after the callback returned
      setTimeout(async () => {
        const first = versions.thisTurn();
        await Promise.resolve();
        commitElsewhere();
        await Promise.resolve();
        resolve([first, versions.thisTurn()]);
      }, 0);
    });
    expect(seen[1]).toBe(seen[0]);
    await nextTurn();
    expect(versions.thisTurn()).not.toBe(seen[0]);
  });

  it("moves with other connections' commits only, not with its own", async () => {
    const versions = dataVersionOf(mine);
    const first = versions.now();
    mine.prepare('INSERT INTO t (n) VALUES (2)').run();
    expect(versions.now()).toBe(first);
    await nextTurn();
    expect(versions.thisTurn()).toBe(first);
  });

  it('reads again within the turn once the writes it is told of have moved', () => {
    let writes = 0;
    const versions = dataVersionOf(mine, () => writes);
    const first = versions.thisTurn();
    commitElsewhere();
    expect(versions.thisTurn()).toBe(first);
    writes += 1;
    expect(versions.thisTurn()).not.toBe(first);
  });
});
