/**
 * An ILIKE pattern matching `text` anywhere, as plain text: LIKE's wildcards (`%`, `_`) and its
 * escape character (`\`, Postgres' default) are escaped, so a search box cannot widen a match.
 * Pair it with a bounded search length and a `pg_trgm` GIN index on the searched columns.
 * @example query.where('email', 'ilike', containsPattern('ana_1')) // matches "ana_1", not "ana01"
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
