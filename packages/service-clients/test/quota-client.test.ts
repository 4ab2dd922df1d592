import { createServer, type Server } from 'node:http';
import { AppError } from '@pv/service-kit/http';
import { freePort } from '@pv/service-kit/testing';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { QuotaClient } from '../src/quota-client.js';

const log = pino({ level: 'silent' });
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((r) => server.close(r));
});

/** Billing's quota API as the client sees it: records calls, answers consume with `status`. */
async function billing(status: number) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      calls.push({ path: req.url ?? '', body: JSON.parse(text || '{}') });
      const decides =
        req.url === '/internal/quota/consume' || req.url === '/internal/quota/storage';
      const answer = decides
        ? status === 200
          ? { allowed: true, kind: 'pdf', limit: 20, used: 1 }
          : { statusCode: status, code: 'PDF_LIMIT_REACHED', message: 'Limite atingido.' }
        : { released: true };
      res.writeHead(decides ? status : 200, {
        'content-type': 'application/json',
      });
      res.end(JSON.stringify(answer));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, calls };
}

const reservation = { kind: 'pdf' as const, credentials: {}, reservationId: 'r-1' };

describe('QuotaClient.withReservation', () => {
  it('reserves, runs, and keeps the reservation when the action succeeds', async () => {
    const fake = await billing(200);
    const quota = new QuotaClient(fake.url, log);
    const result = await quota.withReservation(reservation, async (decision) => decision);
    expect(result).toMatchObject({ status: 'reserved', reservationId: 'r-1' });
    expect(fake.calls.map((c) => c.path)).toEqual(['/internal/quota/consume']);
  });

  it('gives the reservation back when the action fails', async () => {
    const fake = await billing(200);
    const quota = new QuotaClient(fake.url, log);
    await expect(
      quota.withReservation(reservation, async () => {
        throw new Error('render failed');
      }),
    ).rejects.toThrow('render failed');
    expect(fake.calls).toEqual([
      { path: '/internal/quota/consume', body: { kind: 'pdf', reservationId: 'r-1' } },
      { path: '/internal/quota/release', body: { reservationId: 'r-1' } },
    ]);
  });

  it("billing's refusal stops the action with billing's status and message", async () => {
    const fake = await billing(429);
    const quota = new QuotaClient(fake.url, log);
    let ran = false;
    const error = await quota
      .withReservation(reservation, async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, message: 'Limite atingido.' });
    expect(ran).toBe(false);
  });

  it('fails closed when billing is unreachable or failing: 503 in pt-BR, the action never runs (issue 24)', async () => {
    const failing = await billing(500);
    for (const url of [`http://127.0.0.1:${await freePort()}`, failing.url]) {
      let ran = false;
      const error = await new QuotaClient(url, log)
        .withReservation(reservation, async () => {
          ran = true;
        })
        .catch((e: unknown) => e);
      expect(ran).toBe(false);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        statusCode: 503,
        code: 'BILLING_UNAVAILABLE',
        message:
          'Não foi possível verificar o limite do seu plano agora. Tente novamente em alguns instantes; nada foi cobrado.',
      });
    }
  });
});

describe('QuotaClient.checkStorage (issue 17)', () => {
  it('asks billing with the bytes about to be stored and the caller credentials', async () => {
    const fake = await billing(200);
    await new QuotaClient(fake.url, log).checkStorage(2_048, { cookie: 'pv_session=x' });
    expect(fake.calls).toEqual([{ path: '/internal/quota/storage', body: { bytes: 2_048 } }]);
  });

  it("past the limit, billing's 429 and message stop the change", async () => {
    const fake = await billing(429);
    const error = await new QuotaClient(fake.url, log).checkStorage(1, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 429, message: 'Limite atingido.' });
  });

  it('fails closed when billing is unreachable or failing (issue 24)', async () => {
    const down = new QuotaClient(`http://127.0.0.1:${await freePort()}`, log);
    await expect(down.checkStorage(1, {})).rejects.toMatchObject({ statusCode: 503 });
    const failing = await billing(500);
    await expect(new QuotaClient(failing.url, log).checkStorage(1, {})).rejects.toMatchObject({
      statusCode: 503,
      code: 'BILLING_UNAVAILABLE',
    });
  });
});
