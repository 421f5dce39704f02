/** A filter, update, sort or projection the query engine refuses: an unknown operator or a malformed operand. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
}
