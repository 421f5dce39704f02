import { z } from 'zod';

/** The zod schema of a Translated<T> for one language's field schema. */
export const translatedSchema = <S extends z.ZodObject>(fields: S) =>
  z.object({ en: fields, nl: fields.optional(), de: fields.optional() }).strict();
