import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DomainError,
  SIGN_IN_LOCKED_CODE,
  describeMessage,
  messages,
  validationText,
  type MessageRef,
  type MessageValues,
} from '@stramien/domain';
import { UnauthenticatedError } from '../auth/authenticator';
import { SignInLockedError } from '../auth/signInLimiter';
import { WrongExpectedRevisionError } from '../eventStore/eventStore';
/** The error envelope of every failing call (the same shape as packages/api's errorEnvelopeSchema). */
interface ErrorEnvelope {
  message: string;
  errors?: Record<string, string[]>;
  code?: string;
  key?: string;
  values?: MessageValues;
  errorKeys?: Record<string, (MessageRef | null)[]>;
}

/** Adds the message keys: `key`/`values` of the message, `errorKeys` of each field message (null where none). */
const withKeys = (body: ErrorEnvelope): ErrorEnvelope => {
  const ref = describeMessage(body.message);
  return {
    ...body,
    ...(ref ? { key: ref.key, ...(ref.values ? { values: ref.values } : {}) } : {}),
    ...(body.errors
      ? { errorKeys: Object.fromEntries(Object.entries(body.errors).map(([field, texts]) => [field, texts.map(describeMessage)])) }
      : {}),
  };
};

const fieldOf = (instancePath: string, context: string | undefined): string => {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'request';
};

/**
 * The one error handler: zod errors -> 400 with field messages; DomainError -> its status and text;
 * a bad token -> 401; a concurrency conflict -> 409; Fastify's own 4xx (bad JSON, too large, media type)
 * keep their status; anything else -> 500 with a generic message, details only in the log. Every text goes
 * with its message key and values (see withKeys), so a client renders it in its user's language.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorEnvelope) => reply.status(status).send(withKeys(body));
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a Map, not an object literal: a field named `toString` or `__proto__` (a query key of the client's) is a field
      const fields = new Map<string, string[]>();
      for (const issue of error.validation) {
        const key = fieldOf(issue.instancePath, error.validationContext);
        const list = fields.get(key) ?? [];
        list.push(validationText({ ...issue.params, code: issue.keyword, message: issue.message }));
        fields.set(key, list);
      }
      return send(400, { message: messages.shared.invalidInput, errors: Object.fromEntries(fields) });
    }
    if (error instanceof DomainError) {
      return send(error.status, {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (error instanceof UnauthenticatedError) return send(401, { message: messages.shared.unauthenticated });
    if (error instanceof SignInLockedError) {
      reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
      return send(429, { message: error.message, code: SIGN_IN_LOCKED_CODE });
    }
    if (error instanceof WrongExpectedRevisionError) return send(409, { message: messages.shared.conflict });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return send(500, { message: messages.shared.serverError });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) return send(status, { message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: messages.shared.serverError });
  });
};
