import { createHmac, timingSafeEqual } from 'node:crypto';
import { GLOBAL_CHANNEL, privateUserChannel } from '@stramien/api';

/** Pusher-style channel authorisation: `<socket_id>:<hmac(socket_id:channel)>`. */
export const createChannelAuth = (secret: Uint8Array) => {
  const key = createHmac('sha256', secret).update('stramien-broadcasting').digest();
  const sign = (socketId: string, channel: string) => createHmac('sha256', key).update(`${socketId}:${channel}`).digest('hex');
  return {
    /** null when the user may not join the channel */
    authorise(userId: string, socketId: string, channel: string): string | null {
      if (channel !== privateUserChannel(userId)) return null;
      return `${socketId}:${sign(socketId, channel)}`;
    },
    verify(socketId: string, channel: string, auth: string | undefined): boolean {
      if (channel === GLOBAL_CHANNEL) return true;
      if (!auth) return false;
      const expected = Buffer.from(`${socketId}:${sign(socketId, channel)}`);
      const given = Buffer.from(auth);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
};
export type ChannelAuth = ReturnType<typeof createChannelAuth>;
