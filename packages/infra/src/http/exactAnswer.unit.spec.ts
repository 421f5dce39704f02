import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactAnswerSerializerCompiler } from './server';

const schema = z.object({
  message: z.string(),
  data: z.object({ id: z.string(), tags: z.array(z.string()), note: z.string().nullable() }),
});
const route = { schema, method: 'PUT', url: '/api/things/:id', httpStatus: '200' };

describe('exactAnswerSerializerCompiler', () => {
  it('runs with the check in the test runs (vitest.config.ts), so every exact route test compares the bytes', () => {
    expect(process.env.STRAMIEN_CHECK_ANSWERS).toBe('1');
  });

  it('writes an exact answer as the zod serializer does, checked or not', () => {
    const answer = { message: 'Saved', data: { id: 'a', tags: ['x'], note: null } };
    const zodWay = JSON.stringify(schema.parse(answer));
    expect(exactAnswerSerializerCompiler(false)(route)(answer)).toBe(zodWay);
    expect(exactAnswerSerializerCompiler(true)(route)(answer)).toBe(zodWay);
  });

  it.each([
    ['a key the schema does not name (zod strips it)', { message: 'Saved', data: { id: 'a', tags: [], note: null, secret: 's' } }],
    ['keys in another order than the schema (zod writes its order)', { data: { id: 'a', tags: [], note: null }, message: 'Saved' }],
    ['a value the schema refuses', { message: 'Saved', data: { id: 1, tags: [], note: null } }],
  ])('fails the answer, when checking, for %s', (_, answer) => {
    expect(() => exactAnswerSerializerCompiler(true)(route)(answer)).toThrow();
  });
});
