import { BillingMessages } from '@pv/contracts';
import { startFakeSoniox } from '@pv/provider-fakes';
import { collectEvents } from '@pv/service-kit/testing';
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

describe('GET and POST /api/super-transcritor/usage', () => {
  it('starts at zero and adds reported seconds, publishing usage.speech-seconds.v1', async () => {
    const events = await collectEvents(await billing.runtime.nats.connected(), 'test-speech', [
      'usage.speech-seconds.v1',
    ]);
    const user = await billing.as('free');
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 0 });
    expect((await user.post('/api/super-transcritor/usage', { secondsToAdd: 90 })).body).toEqual({
      usedSeconds: 90,
    });
    expect((await user.post('/api/super-transcritor/usage', { secondsToAdd: 30 })).body).toEqual({
      usedSeconds: 120,
    });
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

  it('stops a free user at 3,600 s with the spec message', async () => {
    const user = await billing.as('free');
    await user.post('/api/super-transcritor/usage', { secondsToAdd: 3000 });
    // A report that crosses the allowance is counted up to it, never beyond.
    expect((await user.post('/api/super-transcritor/usage', { secondsToAdd: 900 })).body).toEqual({
      usedSeconds: 3600,
    });
    const refused = await user.post('/api/super-transcritor/usage', { secondsToAdd: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(FREE_LIMIT_MESSAGE);
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 3600 });
  });

  it('gives a Premium user 36,000 s', async () => {
    const user = await billing.as('premium');
    for (let i = 0; i < 10; i++)
      await user.post('/api/super-transcritor/usage', { secondsToAdd: 3600 });
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 36000 });
    const refused = await user.post('/api/super-transcritor/usage', { secondsToAdd: 10 });
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
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        user.post('/api/super-transcritor/usage', { secondsToAdd: 100 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(36);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    expect((await user.get('/api/super-transcritor/usage')).body).toEqual({ usedSeconds: 3600 });
  });
});

describe('POST /api/soniox/temporary-key', () => {
  it('mints a key limited to the allowance that remains', async () => {
    const user = await billing.as('free');
    await user.post('/api/super-transcritor/usage', { secondsToAdd: 3000 });
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
    await user.post('/api/super-transcritor/usage', { secondsToAdd: 3600 });
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
