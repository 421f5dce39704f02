import { z } from 'zod';
import { defineRoute } from '../shared/contract';

export const buildInfoSchema = z.object({ release: z.string(), date: z.string(), commit: z.string() });

export const systemRoutes = {
  build: defineRoute({
    method: 'GET',
    path: '/api/build',
    summary: 'Build information: release number, release date, commit',
    tag: 'system',
    auth: false,
    policy: { access: 'public' },
    response: buildInfoSchema,
  }),
};
