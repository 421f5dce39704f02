/**
 * Seeded generator of real domain events for reliability tests and benchmarks: commands go through the
 * domain's own deciders (userDecider, licenceDecider), so every event is one the product could have
 * written, with the metadata the command pipeline adds.
 */
import {
  DomainError,
  licenceDecider,
  toLicenceStreamId,
  toUserStreamId,
  userDecider,
  type Actor,
  type EventMetadata,
  type Language,
  type LicenceCommand,
  type LicenceState,
  type UserCommand,
  type UserState,
} from '@stramien/domain';
import type { EventStore, NewEvent } from '@stramien/infra';

/** mulberry32: small, fast, good enough to drive tests reproducibly */
export const createRandom = (seed: number) => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const hex = (n: number): string => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  /** a version-4-shaped uuid drawn from this generator */
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
  /** Fisher–Yates, in place */
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  };
  return { next, int, pick, uuid, shuffle };
};
export type Random = ReturnType<typeof createRandom>;

/** One append: a stream and the events a single command produced (or a burst of them). */
export interface PlannedAppend {
  streamId: string;
  events: NewEvent[];
}

export interface DomainEventPlan {
  appends: PlannedAppend[];
  /** total number of events */
  total: number;
  licenceIds: string[];
  userIds: string[];
  counts: Record<string, number>;
}

export interface GenerateOptions {
  /** exact number of events to produce */
  total: number;
  users: number;
  licences: number;
  seed: number;
  /** most commands of one user folded into one append (a burst of activity); default 24 */
  maxBurst?: number;
}

const FIRST_NAMES = ['Anna', 'Bram', 'Chloé', 'Daan', 'Eva', 'Finn', 'Greta', 'Hugo', 'Iris', 'Jesse', 'Katrin', 'Lars', 'Mila', 'Noah'];
const LAST_NAMES = ['de Vries', 'Jansen', 'Müller', 'Bakker', 'Schmidt', 'Visser', 'Smit', 'Meijer', 'Schulz', 'de Boer', 'Mulder'];
const LANGUAGES: Language[] = ['en', 'nl', 'de'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  null,
];
/** a made-up scrypt hash: sign-in is not exercised on generated users */
const PASSWORD_HASH = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

interface UserSim {
  userId: string;
  streamId: string;
  state: UserState;
  devices: string[];
  licenceId: string;
}

/**
 * Generates `total` events: `licences` LicenceCreated first, then `users` users registered over the run
 * (UserRegistered + UserAddedToLicence), and their activity: profile updates, sign-ins from known and new
 * devices, failed sign-ins, sign-outs, joining another licence. Events of one command, and short bursts of
 * one user's commands, share an append; streams interleave across appends.
 */
export const generateDomainEvents = (options: GenerateOptions): DomainEventPlan => {
  const { total, seed } = options;
  const maxBurst = options.maxBurst ?? 24;
  const random = createRandom(seed);
  const appends: PlannedAppend[] = [];
  const counts: Record<string, number> = {};
  let produced = 0;
  let clock = Date.parse('2025-01-06T08:00:00.000Z');
  const now = () => new Date((clock += random.int(1, 4_000))).toISOString();
  const metadataOf = (actor: Actor, at: string): EventMetadata => {
    const correlationId = random.uuid();
    return { userId: actor.userId, licenceId: actor.licenceId, correlationId, causationId: correlationId, occurredAt: at };
  };
  const toNew = (events: Array<{ type: string; data: unknown }>, metadata: EventMetadata): NewEvent[] =>
    events.map((e) => {
      counts[e.type] = (counts[e.type] ?? 0) + 1;
      return { id: random.uuid(), type: e.type, data: e.data, metadata: metadata as unknown as Record<string, unknown> };
    });

  const licenceIds: string[] = [];
  for (let i = 0; i < options.licences && produced < total; i++) {
    const licenceId = random.uuid();
    const actor: Actor = { userId: 'system', licenceId, isSystemAdmin: true };
    const command: LicenceCommand = {
      type: 'CreateLicence',
      data: {
        licenceId,
        name: `Licence ${i + 1} ${random.pick(LAST_NAMES)} Bouw`,
        themePrimary: random.next() < 0.5 ? null : `#${random.uuid().slice(0, 6)}`,
      },
      metadata: { actor, now: now() },
    };
    const decided = licenceDecider.decide(command, licenceDecider.initialState() as LicenceState);
    if (decided instanceof DomainError) throw decided;
    appends.push({ streamId: toLicenceStreamId(licenceId), events: toNew(decided, metadataOf(actor, command.metadata.now)) });
    licenceIds.push(licenceId);
    produced += decided.length;
  }

  const sims: UserSim[] = [];
  const registerShare = 0.6; // every user is registered by 60% of the run
  const decide = (sim: UserSim, command: UserCommand): NewEvent[] => {
    const decided = userDecider.decide(command, sim.state);
    if (decided instanceof DomainError) throw new Error(`generator produced an invalid ${command.type}: ${decided.message}`);
    sim.state = decided.reduce(userDecider.evolve, sim.state);
    return toNew(decided, metadataOf(command.metadata.actor, command.metadata.now));
  };

  const nextCommand = (sim: UserSim): UserCommand => {
    const self: Actor = { userId: sim.userId, licenceId: sim.licenceId };
    const system: Actor = { userId: 'system', licenceId: sim.licenceId, isSystemAdmin: true };
    const metadata = (actor: Actor) => ({ actor, now: now() });
    if (!sim.state.exists) {
      const firstname = random.pick(FIRST_NAMES);
      return {
        type: 'RegisterUser',
        data: {
          userId: sim.userId,
          email: `${firstname.toLowerCase()}.${sims.length}.${sim.userId.slice(0, 8)}@reliability.test`,
          firstname,
          lastname: random.pick(LAST_NAMES),
          language: random.pick(LANGUAGES),
          passwordHash: PASSWORD_HASH,
          isSystemAdmin: false,
        },
        metadata: metadata(system),
      };
    }
    if (Object.keys(sim.state.licences).length === 0) {
      return { type: 'AddUserToLicence', data: { licenceId: sim.licenceId, isAdmin: random.next() < 0.1 }, metadata: metadata(system) };
    }
    const roll = random.next();
    if (roll < 0.3) {
      const field = random.int(0, 2);
      const data =
        field === 0
          ? { language: random.pick(LANGUAGES.filter((l) => l !== sim.state.language)) }
          : field === 1
            ? { firstname: `${random.pick(FIRST_NAMES)}${random.int(1, 99)}` }
            : { lastname: random.pick(LAST_NAMES), language: random.pick(LANGUAGES) };
      return { type: 'UpdateUserProfile', data, metadata: metadata(random.next() < 0.9 ? self : system) };
    }
    if (roll < 0.65) {
      const deviceId = random.next() < 0.7 && sim.devices.length > 0 ? random.pick(sim.devices) : `device-${random.uuid()}`;
      if (!sim.devices.includes(deviceId)) sim.devices.push(deviceId);
      return {
        type: 'SignIn',
        data: {
          sessionId: random.uuid(),
          deviceId: random.next() < 0.95 ? deviceId : null,
          userAgent: random.pick(USER_AGENTS),
          credentialsValid: true,
        },
        metadata: metadata(self),
      };
    }
    if (roll < 0.9 && sim.state.activeSessions.length > 0) {
      return { type: 'SignOut', data: { sessionId: random.pick(sim.state.activeSessions) }, metadata: metadata(self) };
    }
    if (roll < 0.95) {
      return {
        type: 'SignIn',
        data: { sessionId: random.uuid(), deviceId: null, userAgent: random.pick(USER_AGENTS), credentialsValid: false },
        metadata: metadata(self),
      };
    }
    const other = random.pick(licenceIds);
    return { type: 'AddUserToLicence', data: { licenceId: other, isAdmin: random.next() < 0.2 }, metadata: metadata(system) };
  };

  const avgBurst = (maxBurst + 1) / 2;
  const registerChance = options.users / ((total * registerShare) / avgBurst);
  while (produced < total) {
    let sim: UserSim;
    if (sims.length < options.users && (sims.length === 0 || random.next() < registerChance)) {
      const userId = random.uuid();
      sim = {
        userId,
        streamId: toUserStreamId(userId),
        state: userDecider.initialState(),
        devices: [],
        licenceId: random.pick(licenceIds),
      };
      sims.push(sim);
    } else {
      sim = random.pick(sims);
    }
    // every user command decides at most one event, so a burst never passes the total
    const burst = Math.min(random.int(1, maxBurst), total - produced);
    const events: NewEvent[] = [];
    while (events.length < burst) events.push(...decide(sim, nextCommand(sim)));
    appends.push({ streamId: sim.streamId, events });
    produced += events.length;
  }
  return { appends, total: produced, licenceIds, userIds: sims.map((s) => s.userId), counts };
};

/** Appends the plan in order with 'any' (the plan is already consistent); returns the head position. */
export const appendPlan = async (eventStore: EventStore, plan: DomainEventPlan): Promise<number> => {
  let head = 0;
  for (const { streamId, events } of plan.appends) head = (await eventStore.append(streamId, events, 'any')).position;
  return head;
};
