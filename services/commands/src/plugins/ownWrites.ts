import { trimOldest } from '@stramien/infra';

/** users whose latest answered command the server keeps (a full map drops its oldest eighth) */
const OWN_WRITES_MAX = 10_000;

/**
 * Read-your-writes without the X-Min-Position header (docs/architecture-notes.md "Read side"): the log position of
 * each user's latest answered command, so that the user's next requests wait (boundedly, as for X-Min-Position) until
 * the read models have it. Most commands settle before they answer, and their positions are passed at once; a command
 * answered before its read models (a record edit, `settle: false`) makes the same user's next reads wait for them.
 * One process's memory: a client of several API processes sends X-Min-Position, as the web app does.
 */
export class OwnWrites {
  private readonly latest = new Map<string, number>();

  /** `userId`'s command was answered at `position` */
  note(userId: string, position: number): void {
    const known = this.latest.get(userId);
    if (known !== undefined && known >= position) return;
    this.latest.delete(userId);
    this.latest.set(userId, position);
    trimOldest(this.latest, OWN_WRITES_MAX);
  }

  /** the position `userId`'s next request must wait for, or 0 when `passed` says the read models have it */
  pending(userId: string, passed: (position: number) => boolean): number {
    const position = this.latest.get(userId);
    if (position === undefined) return 0;
    if (!passed(position)) return position;
    this.latest.delete(userId);
    return 0;
  }
}
