import { BillingMessages } from '@pv/contracts';
import { startFakeSoniox } from '@pv/provider-fakes';
import { collectEvents } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingUnderTest, startBilling } from './harness.js';

let soniox: Awaited<ReturnType<typeof startFakeSoniox>>;
let billing: BillingUnderTest;

beforeAll(async () => {
  soniox = await startFakeSoniox();
  billing = await startBilling({ SONIOX_API_KEY: soniox.apiKey, SONIOX_API_URL: soniox.url });
});
afterAll(async () => {
  await billing.close();
  await soniox.close();
});

const FREE_LIMIT_MESSAGE =
  'Você já utilizou todo o tempo disponível do Super Transcritor (60 minutos).';
const PREMIUM_LIMIT_MESSAGE =
  'Você já utilizou todo o tempo disponível do Super Transcritor (600 minutos).';

type User = Awaited<ReturnType<BillingUnderTest['as']>>;

/** Mints a key, as the browser does before it opens a Super Transcritor stream. */
async function openStream(user: User) {
  const res = await user.post('/api/soniox/temporary-key');
  expect(res.status).toBe(200);
  return res.body as { maxSessionSeconds: number };
}
const report = (user: User, secondsToAdd: number, streamEnded?: boolean) =>
  user.post('/api/super-transcritor/usage', {
    secondsToAdd,
    ...(streamEnded === undefined ? {} : { streamEnded }),
  });
const usedOf = async (user: User) =>
  (await user.get('/api/super-transcritor/usage')).body.usedSeconds;
/** Moves the user's open stream back in time, as if its key had been minted `seconds` ago. */
async function backdateStream(user: User, seconds: number, windowOver = false) {
  await sql`UPDATE speech_streams SET minted_at = minted_at - make_interval(secs => ${seconds}),
    window_ends_at = ${windowOver ? sql`now() - interval '1 second'` : sql`window_ends_at`}
    WHERE user_id = ${user.userId} AND ended_at IS NULL`.execute(billing.runtime.db);
}

describe('GET and POST /api/super-transcritor/usage', () => {
  it('starts at zero and adds reported seconds, publishing usage.speech-seconds.v1', async () => {
    const events = await collectEvents(await billing.runtime.nats.connected(), 'test-speech', [
      'usage.speech-seconds.v1',
    ]);
    const user = await billing.as('free');
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 0 });
    await openStream(user);
    expect((await report(user, 90)).body).toEqual({ usedSeconds: 90 });
    expect((await report(user, 30)).body).toEqual({ usedSeconds: 120 });
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 120 });
    const event = await events.waitFor(
      (e) => (e.payload as { usedSeconds: number; userId: string }).usedSeconds === 120,
    );
    expect(event.payload).toMatchObject({
      userId: user.userId,
      secondsAdded: 30,
      allowanceSeconds: 3600,
    });
    expect((event.payload as { period: string }).period).toMatch(/^\d{4}-\d{2}$/);
    await events.stop();
  });

  it('a report retried with the same Idempotency-Key (its answer lost) charges once', async () => {
    const user = await billing.as('free');
    await openStream(user);
    const key = crypto.randomUUID();
    const send = (idempotencyKey: string) =>
      user.post(
        '/api/super-transcritor/usage',
        { secondsToAdd: 40 },
        { 'idempotency-key': idempotencyKey },
      );
    expect((await send(key)).body).toEqual({ usedSeconds: 40 });
    expect((await send(key)).body).toEqual({ usedSeconds: 40 });
    expect((await send(crypto.randomUUID())).body).toEqual({ usedSeconds: 80 });
    expect(await usedOf(user)).toBe(80);
  });

  it('stops a free user at 3,600 s with the spec message', async () => {
    const user = await billing.as('free');
    expect((await openStream(user)).maxSessionSeconds).toBe(3600);
    await report(user, 3000);
    // A report that crosses the allowance is counted up to it, never beyond.
    expect((await report(user, 900)).body).toEqual({ usedSeconds: 3600 });
    const refused = await report(user, 1);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(FREE_LIMIT_MESSAGE);
    expect(await usedOf(user)).toBe(3600);
  });

  it('gives a Premium user 36,000 s', async () => {
    const user = await billing.as('premium');
    for (let i = 0; i < 10; i++) {
      await openStream(user);
      await report(user, 3600, true);
    }
    expect(await usedOf(user)).toBe(36000);
    const refused = await report(user, 10);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(PREMIUM_LIMIT_MESSAGE);
  });

  it.each([
    ['negative', -5],
    ['fractional', 1.5],
    ['huge', 1e12],
    ['a string', '60'],
    ['missing', undefined],
  ])('refuses %s secondsToAdd with a pt-BR message', async (_name, value) => {
    const user = await billing.as('free');
    const res = await user.post(
      '/api/super-transcritor/usage',
      value === undefined ? {} : { secondsToAdd: value },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BillingMessages.secondsToAdd);
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 0 });
  });

  it('is for registered users only', async () => {
    const res = await fetch(`${billing.url}/api/super-transcritor/usage`);
    expect(res.status).toBe(401);
  });

  it('counts concurrent reports exactly and never past the allowance', async () => {
    const user = await billing.as('free');
    await openStream(user);
    const results = await Promise.all(Array.from({ length: 40 }, () => report(user, 100)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(36);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 3600 });
  });
});

describe('usage reconciled on the server (issue 15)', () => {
  it('adds nothing for a report without a live stream', async () => {
    const user = await billing.as('free');
    expect((await report(user, 600)).body).toEqual({ usedSeconds: 0 });
    await openStream(user);
    await report(user, 60, true);
    // The stream is over: a later report cannot add to it.
    expect((await report(user, 600)).body).toEqual({ usedSeconds: 60 });
  });

  it("never charges a stream more than its key's session duration", async () => {
    const user = await billing.as('premium');
    expect((await openStream(user)).maxSessionSeconds).toBe(18000);
    for (let i = 0; i < 6; i++) await report(user, 3600);
    expect(await usedOf(user)).toBe(18000);
  });

  it("cannot report less than the server's clock allows since the key was minted", async () => {
    const user = await billing.as('free');
    await openStream(user);
    await backdateStream(user, 300);
    // Five minutes of stream reported as ten seconds: charged five minutes less the 15 s grace.
    expect((await report(user, 10, true)).body).toEqual({ usedSeconds: 285 });
  });

  it('charges a stream never ended in full once its key can no longer stream', async () => {
    const user = await billing.as('free');
    await openStream(user);
    await report(user, 60);
    await backdateStream(user, 4000, true);
    expect(await usedOf(user)).toBe(3600);
    const refused = await user.post('/api/soniox/temporary-key');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(FREE_LIMIT_MESSAGE);
  });
});

describe('POST /api/soniox/temporary-key', () => {
  it('allows one live stream per user: a second key waits until the first stream ends', async () => {
    const user = await billing.as('free');
    await openStream(user);
    const before = soniox.requests.length;
    const second = await user.post('/api/soniox/temporary-key');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('SPEECH_STREAM_ACTIVE');
    expect(second.body.message).toBe(
      'Já existe uma transcrição do Super Transcritor em andamento na sua conta. Encerre-a antes de iniciar outra.',
    );
    expect(soniox.requests.length).toBe(before);
    await report(user, 30, true);
    expect((await openStream(user)).maxSessionSeconds).toBe(3570);
  });

  it('limits how many keys a user mints per hour', async () => {
    const limited = await startBilling({
      SONIOX_API_KEY: soniox.apiKey,
      SONIOX_API_URL: soniox.url,
      SONIOX_KEYS_MAX_PER_HOUR: '2',
    });
    try {
      const user = await limited.as('free');
      for (let i = 0; i < 2; i++) {
        expect((await user.post('/api/soniox/temporary-key')).status).toBe(200);
        await report(user, 1, true);
      }
      const refused = await user.post('/api/soniox/temporary-key');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('SPEECH_KEYS_RATE_LIMITED');
      expect(refused.body.message).toBe(
        'Muitas sessões do Super Transcritor iniciadas em pouco tempo. Aguarde alguns minutos e tente novamente.',
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_500);
    } finally {
      await limited.close();
    }
  });

  it('mints a key limited to the allowance that remains', async () => {
    const user = await billing.as('free');
    await openStream(user);
    await report(user, 3000, true);
    const res = await user.post('/api/soniox/temporary-key');
    expect(res.status).toBe(200);
    expect(res.body.apiKey).toMatch(/^temp_/);
    expect(new Date(String(res.body.expiresAt)).getTime()).toBeGreaterThan(Date.now());
    expect(res.body.maxSessionSeconds).toBe(600);
    // The browser learns the realtime address from the server (SONIOX_WS_URL's default here).
    expect(res.body.wsUrl).toBe('wss://stt-rt.soniox.com/transcribe-websocket');
    expect(soniox.requests.at(-1)).toMatchObject({
      usage_type: 'transcribe_websocket',
      max_session_duration_seconds: 600,
      single_use: true,
      client_reference_id: user.userId,
    });
  });

  it('is refused at the allowance with the spec message', async () => {
    const user = await billing.as('free');
    await openStream(user);
    await report(user, 3600, true);
    const before = soniox.requests.length;
    const res = await user.post('/api/soniox/temporary-key');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(FREE_LIMIT_MESSAGE);
    expect(soniox.requests.length).toBe(before);
  });

  it('answers 503 "Transcritor alternativo indisponível" without SONIOX_API_KEY', async () => {
    const bare = await startBilling();
    try {
      const user = await bare.as('free');
      const res = await user.post('/api/soniox/temporary-key');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('Transcritor alternativo indisponível');
    } finally {
      await bare.close();
    }
  });

  it('answers 502 with a pt-BR message when Soniox refuses the key', async () => {
    const wrong = await startBilling({ SONIOX_API_KEY: 'not-the-key', SONIOX_API_URL: soniox.url });
    try {
      const user = await wrong.as('free');
      const res = await user.post('/api/soniox/temporary-key');
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(BillingMessages.speechProviderError);
    } finally {
      await wrong.close();
    }
  });
});
