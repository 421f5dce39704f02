import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, parseRetryAfter } from './client';
import { z } from 'zod';
import { defineRoute } from './contract';

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(120);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('the API client', () => {
  describe('when an answer fails with Retry-After', () => {
    it('gives the error the seconds to wait', async () => {
      const client = createApiClient({
        fetch: async () => new Response('{"message":"Too many"}', { status: 429, headers: { 'retry-after': '90' } }),
      });
      const error = await client
        .call(defineRoute({ method: 'POST', path: '/x', summary: 'x', tag: 'test', auth: false, response: z.object({}) }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).retryAfterSeconds).toBe(90);
    });
  });
});
