import { format } from '../shared/messages';
import { sbsMessages } from './messages';
import { SBS_CODE_MAX, SBS_LABEL_MAX, SBS_VERSION_NAME_MAX } from './sbsNode';

/** Field messages of a node's code and label ({} when both are valid); the API, the import and the forms share them. */
export const sbsNodeFieldErrors = (code: string, label: string): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const trimmed = code.trim();
  if (trimmed === '') errors.code = [sbsMessages.codeRequired];
  else if (trimmed.length > SBS_CODE_MAX) errors.code = [sbsMessages.codeTooLong];
  if (label.trim().length > SBS_LABEL_MAX) errors.label = [sbsMessages.labelTooLong];
  return errors;
};

export const sbsVersionNameErrors = (name: string): Record<string, string[]> => {
  const trimmed = name.trim();
  if (trimmed === '') return { name: [sbsMessages.nameRequired] };
  if (trimmed.length > SBS_VERSION_NAME_MAX) return { name: [sbsMessages.nameTooLong] };
  return {};
};

export const codeTakenMessage = (code: string): string => format(sbsMessages.codeTaken, { code });
export const parentNotFoundMessage = (code: string): string => format(sbsMessages.parentNotFound, { code });
