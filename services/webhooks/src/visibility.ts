import { streamCategoryOf, taskPrivacyAfter, webhookPayload, type PublishableEvent, type WebhookPayload } from '@stramien/domain';
import { trimOldest, type EventStore, type RecordedEvent } from '@stramien/infra';

/** streams whose privacy flags are kept (least recently used first out) */
const CACHE_SIZE = 10_000;

/**
 * What an integration of the event's licence may receive of it (the webhooks and the event feed alike): the payload,
 * or null for a hidden category or an event of a task that was private at that point. A task's privacy is folded from
 * its own stream (read once per stream, then extended), so an event is judged by the state it was recorded in.
 */
export const createEventVisibility = (eventStore: EventStore) => {
  const privacy = new Map<string, boolean[]>();
  const privateAt = async (streamId: string, revision: number): Promise<boolean> => {
    let flags = privacy.get(streamId) ?? [];
    privacy.delete(streamId);
    if (flags.length <= revision) {
      const more = await eventStore.readStream(streamId, { fromRevision: flags.length });
      flags = [...flags];
      for (const e of more) flags.push(taskPrivacyAfter(flags[flags.length - 1] ?? false, e));
    }
    privacy.set(streamId, flags);
    trimOldest(privacy, CACHE_SIZE);
    return flags[revision] ?? false;
  };
  return {
    async payloadOf(event: RecordedEvent): Promise<WebhookPayload | null> {
      const privateTask = streamCategoryOf(event.streamId) === 'task' ? await privateAt(event.streamId, event.revision) : false;
      return webhookPayload(event as unknown as PublishableEvent, { privateTask });
    },
  };
};
export type EventVisibility = ReturnType<typeof createEventVisibility>;
