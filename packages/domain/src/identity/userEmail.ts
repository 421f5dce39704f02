import { z } from 'zod';
import { unknownCommand, type Command, type Decider } from '../shared/decider';
import type { EventSchemas } from '../shared/envelope';
import { normaliseEmail } from './userStream';

/**
 * E-mail uniqueness: one reservation stream per address (`userEmail-<normalised e-mail>`, see
 * toUserEmailStreamId). Its first event names the owning user; the append expects 'no_stream', so of two
 * registrations of one address only one can win, and the loser learns the owner.
 */
export const userEmailEventSchemas = {
  UserEmailReserved: z.object({ email: z.string(), userId: z.string() }),
} satisfies Record<string, z.ZodType>;
type Schemas = typeof userEmailEventSchemas;
export type UserEmailEvent = { [K in keyof Schemas]: { type: K; data: z.infer<Schemas[K]> } }[keyof Schemas];
export const userEmailSchemas: EventSchemas<UserEmailEvent> = userEmailEventSchemas;

export interface UserEmailState {
  /** the user owning the address, null while free */
  ownerId: string | null;
}

export type ReserveUserEmail = Command<'ReserveUserEmail', { email: string; userId: string }>;
export type UserEmailCommand = ReserveUserEmail;

export const userEmailDecider: Decider<UserEmailCommand, UserEmailEvent, UserEmailState> = {
  initialState: () => ({ ownerId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserEmailReserved':
        return { ownerId: state.ownerId ?? event.data.userId };
    }
  },
  /** a taken address appends nothing: the resulting state's ownerId tells the caller who has it */
  decide: (command, state) => {
    switch (command.type) {
      case 'ReserveUserEmail':
        if (state.ownerId !== null) return [];
        return [{ type: 'UserEmailReserved', data: { email: normaliseEmail(command.data.email), userId: command.data.userId } }];
      default: {
        const _exhaustive: never = command.type;
        throw unknownCommand(_exhaustive);
      }
    }
  },
};
