import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeMessage, messageTexts, renderMessage, validationText } from './messageCatalogue';
import { format, messages } from './messages';
import { projectMessages } from '../projects/messages';
import { teamMessages } from '../teams/messages';
import { signInMessage, notificationsForSignIn } from '../notifications/notification';

const issuesOf = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error!.issues.map(({ path: _path, ...issue }) => validationText(issue as never));

describe('The message catalogues', () => {
  it('give every text a key from its catalogue path', () => {
    const texts = messageTexts();
    expect(texts['projects.notFound']).toBe(projectMessages.notFound);
    expect(texts['shared.forbidden']).toBe('This action is unauthorized.');
    expect(Object.keys(texts).every((key) => /^[a-zA-Z]+\.[a-zA-Z0-9]+$/.test(key))).toBe(true);
  });

  describe('describeMessage', () => {
    it('finds the key of an exact text', () => {
      expect(describeMessage('Project not found.')).toEqual({ key: 'projects.notFound' });
    });
    it('finds the key and values of a filled template', () => {
      expect(describeMessage(format(teamMessages.created, { name: 'Ruwbouw' }))).toEqual({
        key: 'teams.created',
        values: { name: 'Ruwbouw' },
      });
      expect(describeMessage('Too many sign-in attempts. Try again in 15 minutes.')).toEqual({
        key: 'identity.signInLocked',
        values: { minutes: '15' },
      });
    });
    it('prefers the most specific template', () => {
      expect(describeMessage('New sign-in to your account from a browser on Linux')).toEqual({
        key: 'notifications.signInUnknownBrowserOnSystem',
        values: { system: 'Linux' },
      });
    });
    it('answers null for a text no catalogue has', () => {
      expect(describeMessage('Body cannot be empty')).toBeNull();
    });
    it('round-trips with renderMessage', () => {
      const text = format(projectMessages.moduleAdded, { name: 'Planning (4D)' });
      expect(renderMessage(describeMessage(text)!)).toBe(text);
    });
  });

  describe('validationText', () => {
    it('keeps a schema’s own catalogue text', () => {
      expect(issuesOf(z.string().min(8, messages.validation.sixDigits), 'x')).toEqual(['The code must be 6 digits.']);
    });
    it('replaces zod’s generic texts with keyed ones', () => {
      const schema = z
        .object({ a: z.string().max(3), b: z.string().min(1), c: z.string(), d: z.uuid(), e: z.enum(['x', 'y']), f: z.number().int() })
        .strict();
      expect(issuesOf(schema, { a: 'abcd', b: '', d: 'no', e: 'z', f: 1.5, g: 1 })).toEqual([
        'Max 3 characters',
        'Required.',
        'Required.',
        'Invalid id.',
        'Choose one of: x, y',
        'Enter a whole number.',
        'Unknown field: g',
      ]);
      for (const text of issuesOf(schema, { a: 'abcd', b: '', d: 'no', e: 'z', f: 1.5, g: 1 }))
        expect(describeMessage(text)).not.toBeNull();
    });
  });
});

describe('The new-device sign-in notification', () => {
  it('names browser and system as values of a keyed text, with the English text next to them', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const [draft] = notificationsForSignIn({
      id: 'e1',
      type: 'UserSignedIn',
      data: { userId: 'u1', newDevice: true, userAgent: ua },
      metadata: { licenceId: 'l1', occurredAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(draft!.data).toEqual({
      message: 'New sign-in to your account from Chrome on Linux',
      messageKey: 'notifications.signInBrowserOnSystem',
      messageValues: { browser: 'Chrome', system: 'Linux' },
      status: 'info',
    });
  });
  it('says so when the browser sent no user agent', () => {
    expect(signInMessage(null)).toEqual({ key: 'notifications.signInNewBrowser' });
    expect(renderMessage(signInMessage(null))).toBe('New sign-in to your account from a new browser');
  });
});
