import { BillingMessages } from '@pv/contracts';
import { startFakeSoniox } from '@pv/provider-fakes';
import { collectEvents, scaled } from '@pv/service-kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SonioxUsageLogs } from '../src/speech/soniox-usage-logs.js';
import { SpeechSettlement } from '../src/speech/speech-settlement.js';
import { UsageService } from '../src/usage/usage.service.js';
import { type BillingUnderTest, startBilling } from './harness.js';

let soniox: Awaited<ReturnType<typeof startFakeSoniox>>;
let billing: BillingUnderTest;

const SETTLED_BY_TEST = {
  // Rounds run when a test says (settle()), and when a user asks for a new key.
  SONIOX_SETTLE_INTERVAL_SECONDS: '0',
  SONIOX_RECORD_DEADLINE_SECONDS: '900',
};

beforeAll(async () => {
  soniox = await startFakeSoniox();
  billing = await startBilling({
    SONIOX_API_KEY: soniox.apiKey,
    SONIOX_API_URL: soniox.url,
    SONIOX_KEYS_MAX_PER_HOUR: '100',
    ...SETTLED_BY_TEST,
  });
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
  return res.body as { maxSessionSeconds: number; apiKey: string };
}
/** Soniox's usage record of a session of `seconds` the key opened, ending now. */
// The session ended a second ago: Soniox writes its record after the end, and a settlement round
// reads entries that ended before its own now (an entry ending in the round's very millisecond is
// left for the next round, which made these tests fail now and then on a fast machine).
const sonioxRecords = (apiKey: string, seconds: number) =>
  soniox.keys.recordSession(apiKey, Date.now() - 1000 - seconds * 1000, Date.now() - 1000);
/** A whole stream: a key, `seconds` streamed and recorded by Soniox, the browser's report. */
async function streamOf(user: User, seconds: number) {
  const key = await openStream(user);
  sonioxRecords(key.apiKey, seconds);
  await report(user, seconds, true);
  return key;
}
/** One settlement round, as billing's timer runs it. */
const settle = () =>
  new SpeechSettlement({
    db: billing.runtime.db,
    usage: new UsageService(billing.runtime.db, billing.runtime.relay),
    logs: new SonioxUsageLogs({ apiKey: soniox.apiKey, apiUrl: soniox.url, maxPages: 10 }),
    recordDeadlineSeconds: 900,
    batch: 1000,
    log: billing.runtime.log,
  }).runOnce();
/** What the user's month holds: counted seconds plus every unsettled stream's worst case left. */
async function committedOf(user: User) {
  const { rows } = await sql<{ committed: number }>`
    SELECT COALESCE((SELECT SUM(speech_seconds) FROM monthly_usage WHERE user_id = ${user.userId}), 0)
      + COALESCE((SELECT SUM(max_seconds - charged_seconds) FROM speech_streams
          WHERE user_id = ${user.userId} AND settled_at IS NULL), 0) AS committed`.execute(
    billing.runtime.db,
  );
  return Number(rows[0]!.committed);
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
    for (let i = 0; i < 10; i++) await streamOf(user, 3600);
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

  it('charges a stream Soniox never recorded in full once the record deadline passed', async () => {
    const user = await billing.as('free');
    await openStream(user);
    await report(user, 60);
    await backdateStream(user, 4000, true);
    // The key can no longer stream, but a late record is still waited for.
    await settle();
    expect(await usedOf(user)).toBe(60);
    await sql`UPDATE speech_streams SET window_ends_at = now() - interval '901 seconds'
      WHERE user_id = ${user.userId}`.execute(billing.runtime.db);
    expect((await settle()).byDeadline).toBeGreaterThanOrEqual(1);
    expect(await usedOf(user)).toBe(3600);
    const refused = await user.post('/api/soniox/temporary-key');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(FREE_LIMIT_MESSAGE);
  });
});

describe("streams settled by Soniox's usage records (issue 24)", () => {
  it("names each key's stream in client_reference_id", async () => {
    const user = await billing.as('free');
    await openStream(user);
    const { rows } = await sql<{ id: string }>`SELECT id FROM speech_streams
      WHERE user_id = ${user.userId}`.execute(billing.runtime.db);
    expect(soniox.requests.at(-1)?.client_reference_id).toBe(rows[0]!.id);
  });

  it('releases the difference when Soniox recorded less than the live count', async () => {
    const user = await billing.as('free');
    const key = await openStream(user);
    await report(user, 600, true);
    expect(await usedOf(user)).toBe(600);
    sonioxRecords(key.apiKey, 100.2);
    await settle();
    expect(await usedOf(user)).toBe(101);
    expect((await openStream(user)).maxSessionSeconds).toBe(3499);
  });

  it('charges what Soniox recorded when the browser said it stopped at 0 s', async () => {
    const user = await billing.as('free');
    const key = await openStream(user);
    await report(user, 0, true);
    expect(await committedOf(user)).toBe(3600);
    sonioxRecords(key.apiKey, 1200);
    await settle();
    expect(await usedOf(user)).toBe(1200);
    expect(await committedOf(user)).toBe(1200);
  });

  it('an explicit end keeps the hold: no new key until the record settles it', async () => {
    const user = await billing.as('free');
    const key = await openStream(user);
    await report(user, 30, true);
    const refused = await user.post('/api/soniox/temporary-key');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SPEECH_STREAM_SETTLING');
    expect(refused.body.message).toBe(
      'Sua transcrição anterior do Super Transcritor ainda está sendo contabilizada. Tente novamente em alguns instantes.',
    );
    expect(await committedOf(user)).toBe(3600);
    // The record comes late: the next request for a key reads it and goes through.
    sonioxRecords(key.apiKey, 45);
    expect((await openStream(user)).maxSessionSeconds).toBe(3555);
  });

  it("waits for a late record, never settling on the browser's word meanwhile", async () => {
    const user = await billing.as('free');
    const key = await openStream(user);
    await report(user, 10, true);
    soniox.behaviour.usageLogDelayMs = 3_600_000;
    try {
      sonioxRecords(key.apiKey, 900);
    } finally {
      soniox.behaviour.usageLogDelayMs = null;
    }
    await settle();
    expect(await committedOf(user)).toBe(3600);
    expect((await user.post('/api/soniox/temporary-key')).status).toBe(409);
    // Readable at last (the entry's readableAt moved to now).
    for (const log of soniox.keys.usageLogs) log.readableAt = Math.min(log.readableAt, Date.now());
    await settle();
    expect(await usedOf(user)).toBe(900);
  });

  it('settles nothing while Soniox cannot be read (the holds stand)', async () => {
    const user = await billing.as('free');
    const key = await openStream(user);
    await report(user, 5, true);
    sonioxRecords(key.apiKey, 20);
    const blind = new SpeechSettlement({
      db: billing.runtime.db,
      usage: new UsageService(billing.runtime.db, billing.runtime.relay),
      logs: new SonioxUsageLogs({ apiKey: 'wrong', apiUrl: soniox.url, maxPages: 10 }),
      recordDeadlineSeconds: 0,
      batch: 1000,
      log: { warn: () => undefined, info: () => undefined },
    });
    await backdateStream(user, 0, true);
    await blind.runOnce();
    expect(await committedOf(user)).toBe(3600);
    await settle();
    expect(await usedOf(user)).toBe(20);
  });

  it(
    'replaying the attack (mint, end at 0 s, mint again; 30 times) charges every key and stops at the allowance',
    async () => {
      const user = await billing.as('free');
      const keysBefore = soniox.requests.length;
      /** What each minted key is charged once settled: its record, or its whole duration. */
      const owed: {
        apiKey: string;
        max: number;
        streamed: number;
        record: 'now' | 'late' | 'never';
      }[] = [];
      const pattern = ['now', 'late', 'never'] as const;
      let minted = 0;
      for (let i = 0; i < 30; i++) {
        const res = await user.post('/api/soniox/temporary-key');
        if (res.status === 200) {
          minted++;
          const key = res.body as { apiKey: string; maxSessionSeconds: number };
          // The attacker streams with the key for as long as it lets them (or 700 s).
          const record = pattern[minted % 3]!;
          const streamed = Math.min(700, key.maxSessionSeconds);
          owed.push({ apiKey: key.apiKey, max: key.maxSessionSeconds, streamed, record });
          if (record === 'now') sonioxRecords(key.apiKey, streamed);
          // The browser says it streamed nothing and stopped.
          await report(user, 0, true);
          // Held at once: the key's whole duration, whatever the browser said.
          expect((await committedOf(user)) - Number(await usedOf(user))).toBe(
            key.maxSessionSeconds,
          );
        } else {
          expect([409, 429]).toContain(res.status);
        }
        expect(await committedOf(user)).toBeLessThanOrEqual(3600);
        // Time passes: late records arrive; a missing one reaches its deadline.
        if (i % 4 === 3) {
          for (const key of owed.filter((k) => k.record === 'late')) {
            sonioxRecords(key.apiKey, key.streamed);
            key.record = 'now';
          }
          await sql`UPDATE speech_streams SET window_ends_at = now() - interval '901 seconds'
          WHERE user_id = ${user.userId} AND settled_at IS NULL`.execute(billing.runtime.db);
        }
        await settle();
      }
      for (const key of owed.filter((k) => k.record === 'late')) {
        sonioxRecords(key.apiKey, key.streamed);
        key.record = 'now';
      }
      await sql`UPDATE speech_streams SET window_ends_at = now() - interval '901 seconds'
      WHERE user_id = ${user.userId} AND settled_at IS NULL`.execute(billing.runtime.db);
      await settle();
      const charged = owed.reduce((sum, k) => sum + (k.record === 'never' ? k.max : k.streamed), 0);
      expect(minted).toBeGreaterThan(1);
      expect(await usedOf(user)).toBe(Math.min(3600, charged));
      expect(await usedOf(user)).toBe(3600);
      const last = await user.post('/api/soniox/temporary-key');
      expect(last.status).toBe(429);
      expect(last.body.message).toBe(FREE_LIMIT_MESSAGE);
      // No key was minted past the allowance: each request Soniox saw is one stream counted above.
      expect(soniox.requests.length - keysBefore).toBe(minted);
    },
    scaled(60_000),
  );
});

describe('POST /api/soniox/temporary-key', () => {
  it('allows one live stream per user: a second key waits until the first stream ends', async () => {
    const user = await billing.as('free');
    const first = await openStream(user);
    const before = soniox.requests.length;
    const second = await user.post('/api/soniox/temporary-key');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('SPEECH_STREAM_ACTIVE');
    expect(second.body.message).toBe(
      'Já existe uma transcrição do Super Transcritor em andamento na sua conta. Encerre-a antes de iniciar outra.',
    );
    expect(soniox.requests.length).toBe(before);
    await report(user, 30, true);
    sonioxRecords(first.apiKey, 30);
    expect((await openStream(user)).maxSessionSeconds).toBe(3570);
  });

  it('limits how many keys a user mints per hour', async () => {
    const limited = await startBilling({
      SONIOX_API_KEY: soniox.apiKey,
      SONIOX_API_URL: soniox.url,
      SONIOX_KEYS_MAX_PER_HOUR: '2',
      ...SETTLED_BY_TEST,
    });
    try {
      const user = await limited.as('free');
      for (let i = 0; i < 2; i++) {
        const res = await user.post('/api/soniox/temporary-key');
        expect(res.status).toBe(200);
        sonioxRecords(String(res.body.apiKey), 1);
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
    await streamOf(user, 3000);
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
    });
  });

  it('is refused at the allowance with the spec message', async () => {
    const user = await billing.as('free');
    await streamOf(user, 3600);
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
