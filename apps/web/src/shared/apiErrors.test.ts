import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@stramien/api';
import { changeLanguage } from './i18n';
import { serverFieldErrors, serverMessage } from './apiErrors';
import { serverText } from './serverText';

afterEach(() => changeLanguage('en'));

const refused = () =>
  new ApiError(400, 'The given data was invalid.', { name: ['Max 100 characters', 'A text this build does not know'] }, undefined, {
    key: 'shared.invalidInput',
    errorKeys: { name: [{ key: 'validation.tooLong', values: { maximum: 100 } }, null] },
  });

describe('server texts', () => {
  it('renders the message of a failed call from its key in the user’s language', async () => {
    expect(serverMessage(refused())).toBe('The given data was invalid.');
    await changeLanguage('nl');
    expect(serverMessage(refused())).toBe('De ingevoerde gegevens zijn ongeldig.');
    await changeLanguage('de');
    expect(
      serverMessage(new ApiError(404, 'Team Ruwbouw', undefined, undefined, { key: 'teams.created', values: { name: 'Ruwbouw' } })),
    ).toBe('Team Ruwbouw erstellt');
  });

  it('renders field messages from their keys and keeps a text without one', async () => {
    await changeLanguage('nl');
    expect(serverFieldErrors(refused())).toEqual({ name: ['Maximaal 100 tekens', 'A text this build does not know'] });
  });

  it('keeps the English text of a key this build does not know, and has nothing to show without a message', () => {
    expect(serverMessage(new ApiError(409, 'Something new', undefined, undefined, { key: 'future.text' }))).toBe('Something new');
    expect(serverMessage(new Error('network'))).toBeNull();
  });

  it('translates a success text by finding its key', async () => {
    await changeLanguage('de');
    expect(serverText('Successfully added module Planning')).toBe('Modul Planning hinzugefügt');
    expect(serverText('No such text')).toBe('No such text');
  });
});
