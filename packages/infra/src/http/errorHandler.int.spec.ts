import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { DomainError, format, messages, projectMessages, teamMessages } from '@stramien/domain';
import { createHttpServer } from './server';
import { SignInLockedError } from '../auth/signInLimiter';

let app: FastifyInstance;
beforeAll(async () => {
  app = createHttpServer({ logLevel: 'silent' });
  app.post(
    '/api/teams',
    {
      schema: {
        body: z.object({ name: z.string().min(1).max(250), code: z.string().regex(/^\d{6}$/, messages.validation.sixDigits) }).strict(),
      },
    },
    async () => ({}),
  );
  // every key is a value: a key named like a member of Object.prototype must be refused as any other
  app.post('/api/values', { schema: { body: z.record(z.string(), z.string().max(3)) } }, async () => ({}));
  app.get('/api/created', async () => {
    throw new DomainError(format(teamMessages.created, { name: 'Ruwbouw' }), 409);
  });
  app.get('/api/field', async () => {
    throw new DomainError(projectMessages.imageMismatch, 422, { file: [projectMessages.imageMismatch, 'no catalogue has this'] });
  });
  app.get('/api/locked', async () => {
    throw new SignInLockedError(600);
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error envelope', () => {
  it('sends each field message of a refused input with its key and values', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/teams', payload: { name: 'x'.repeat(251), code: '12', extra: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      key: 'shared.invalidInput',
      errors: {
        name: ['Max 250 characters'],
        code: ['The code must be 6 digits.'],
        body: ['Unknown field: extra'],
      },
      errorKeys: {
        name: [{ key: 'validation.tooLong', values: { maximum: '250' } }],
        code: [{ key: 'validation.sixDigits' }],
        body: [{ key: 'validation.unknownFields', values: { keys: 'extra' } }],
      },
    });
  });

  it('gathers the messages of fields named toString, constructor or hasOwnProperty as any other (400, not 500)', async () => {
    const payload = { toString: 'long', constructor: 'longer', hasOwnProperty: 'longest', valueOf: 'ok' };
    const res = await app.inject({ method: 'POST', url: '/api/values', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ errors: Record<string, string[]>; errorKeys: Record<string, unknown[]> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['constructor', 'hasOwnProperty', 'toString']);
    for (const key of ['constructor', 'hasOwnProperty', 'toString']) {
      expect(body.errors[key]).toEqual(['Max 3 characters']);
      expect(body.errorKeys[key]).toEqual([{ key: 'validation.tooLong', values: { maximum: '3' } }]);
    }
  });

  it('sends a DomainError’s text with the key and values of its template', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/created' });
    expect(res.json()).toEqual({ message: 'Successfully created team Ruwbouw', key: 'teams.created', values: { name: 'Ruwbouw' } });
  });

  it('aligns errorKeys with errors, null where a text has no key', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/field' });
    expect(res.json()).toMatchObject({
      key: 'projects.imageMismatch',
      errorKeys: { file: [{ key: 'projects.imageMismatch' }, null] },
    });
  });

  it('keys the sign-in lock with its minutes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/locked' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ key: 'identity.signInLocked', values: { minutes: '10' } });
  });
});
