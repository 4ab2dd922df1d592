import pino from 'pino';

/**
 * Fields an error may carry that quote the data it failed on, rather than say what failed:
 * Postgres' `detail` ("Key (email)=(...) already exists"), `where` ("JSON data, line 1:
 * {"text":"Paciente ..."), `internalQuery`; a client's `query`/`parameters`. A dictation must not
 * reach a log line through them (ARCHITECTURE.md, "Log no patient text").
 */
const QUOTING_FIELDS = ['detail', 'where', 'internalQuery', 'query', 'parameters'];

/** pino's error serializer, without the fields that quote data. */
export function errorWithoutData(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error);
  for (const field of QUOTING_FIELDS) delete (serialized as Record<string, unknown>)[field];
  return serialized;
}

/**
 * The serializers of every logger of the product (Fastify's and the processes' own).
 * @example const log = pino({ level, base: { service }, serializers: logSerializers })
 */
export const logSerializers = { err: errorWithoutData };
