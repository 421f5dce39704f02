import { z } from 'zod';
import { defineRoute, uuid } from '../shared/contract';

/** A file a background job made, or is making (spec 1 §2 /downloads: name, size, date, state; and the progress). */
export const downloadSchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  /** bytes; null until finished */
  size: z.number().int().nonnegative().nullable(),
  content_type: z.string().nullable(),
  state: z.enum(['requested', 'running', 'finished', 'failed', 'canceled']),
  progress: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative(), percent: z.number().int() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** why a failed job failed */
  reason: z.string().nullable(),
});
export type Download = z.infer<typeof downloadSchema>;

/** Downloads (spec 1 §7): the signed-in user's files (of the licences they are in), and one file's bytes, to its owner only. */
export const downloadRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/downloads',
    summary: "The signed-in user's downloads, newest first",
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    query: z
      .object({ limit: z.coerce.number().int().min(1).max(200).default(100) })
      .strict()
      .optional(),
    response: z.object({ data: z.array(downloadSchema) }),
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/downloads/:downloadId',
    summary: 'The file of a finished download, streamed; only its owner gets it (404 for anyone else)',
    tag: 'notifications',
    auth: true,
    policy: { access: 'user' },
    params: z.object({ downloadId: uuid }),
    produces: ['application/octet-stream'],
    response: z.string().describe('the file (CSV, XLSX …) with its content type and file name'),
    alsoAnswers: [404],
  }),
};
