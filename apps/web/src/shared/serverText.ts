import { describeMessage } from '@stramien/domain';
import { renderServerMessage } from './apiErrors';

/**
 * A text a successful call answered with (e.g. 'Label Urgent created') in the user's language: its key and values
 * are found from the domain's message catalogues, as the server finds them for errors.
 */
export const serverText = (text: string): string => {
  const ref = describeMessage(text);
  return ref ? renderServerMessage(ref, text) : text;
};
