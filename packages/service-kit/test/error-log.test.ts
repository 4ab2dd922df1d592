import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.js';
import { logSerializers } from '../src/log.js';
import { testInfra } from '../src/testing/index.js';

// An unexpected error is logged (and answered 500): the log line must not carry the request's
// text. Postgres quotes the data it could not take (`where: JSON data, line 1: {"text":"...`),
// and pino's error serializer copies every field of the error.

const lines: string[] = [];
const sink = { write: (line: string) => lines.push(line) };
const client = new pg.Client({ connectionString: `${testInfra.postgresUrl}/postgres` });
afterAll(() => client.end());

describe('the log of an unexpected error', () => {
  it('keeps what failed and where in the code, not the data Postgres quotes', async () => {
    await client.connect();
    const app = await createServiceApp({ name: 'kit-error-log', logStream: sink });
    app.post('/notes', async (request) => {
      // A dictation with a NUL character, as jsonb (the outbox's column type) refuses it.
      await client.query('SELECT $1::jsonb AS note', [JSON.stringify(request.body)]);
      return { ok: true };
    });
    const res = await app.inject({
      method: 'POST',
      url: '/notes',
      payload: { text: 'Paciente OSPREYFINCH refere dor\u0000 torácica' },
    });
    await app.close();
    expect(res.statusCode).toBe(500);
    const logged = lines.join('\n');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('unsupported Unicode escape sequence');
    expect(logged).toContain('22P05');
    expect(logged).not.toContain('OSPREYFINCH');
  });

  it('the same for a process logger made with the kit serializers', () => {
    const out: string[] = [];
    const error = Object.assign(new Error('unsupported Unicode escape sequence'), {
      code: '22P05',
      detail: 'Key (text)=(Paciente OSPREYFINCH) already exists.',
      where: 'JSON data, line 1: {"text":"Paciente OSPREYFINCH',
      internalQuery: "SELECT 'OSPREYFINCH'",
    });
    const log = pino({ serializers: logSerializers }, { write: (line: string) => out.push(line) });
    log.error({ err: error }, 'failed');
    expect(out.join('')).toContain('22P05');
    expect(out.join('')).not.toContain('OSPREYFINCH');
  });
});
