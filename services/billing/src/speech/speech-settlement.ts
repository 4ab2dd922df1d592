import type { Logger } from 'pino';
import type { BillingKysely, SpeechStreamRow } from '../db/schema.js';
import { unsettledStreams, unsettledStreamsOf } from '../usage/speech-stream.repository.js';
import type { UsageService } from '../usage/usage.service.js';
import type { SonioxUsageLogs } from './soniox-usage-logs.js';

/** Records are searched from a little before the oldest stream's key was minted. */
const CLOCK_SLACK_MS = 60_000;

/**
 * Settles Super Transcritor streams from what Soniox recorded (issue 24). Each key is minted with
 * `client_reference_id` = its stream's id; Soniox writes a usage log entry when the key's session
 * completes. A stream with an entry is settled at its audio seconds (the difference from its
 * worst-case hold is released). A stream without one is left holding its worst case until
 * `recordDeadlineSeconds` after its key could last stream (late records are waited for), then it
 * is settled at that worst case (a missing record charges what the key could do). When Soniox
 * cannot be read nothing is settled: the holds stand. Every round is bounded (`batch` streams,
 * the reader's page cap); settling is idempotent, so replicas may run rounds side by side.
 */
export class SpeechSettlement {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly deps: {
      db: BillingKysely;
      usage: UsageService;
      logs: SonioxUsageLogs;
      recordDeadlineSeconds: number;
      batch: number;
      log: Pick<Logger, 'warn' | 'info'>;
    },
  ) {}

  /** Settles what it can of one user's streams (before minting them a new key). */
  async settleStreamsOf(userId: string): Promise<void> {
    const streams = await unsettledStreamsOf(this.deps.db, userId);
    if (streams.length > 0) await this.settle(streams);
  }

  /** One round over the oldest unsettled streams of every user. */
  async runOnce(): Promise<{ byRecord: number; byDeadline: number; waiting: number }> {
    return this.settle(await unsettledStreams(this.deps.db, this.deps.batch));
  }

  /** Runs a round every `intervalSeconds` (never two at once) until `stop`. */
  start(intervalSeconds: number): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: Error) =>
          this.deps.log.warn({ err: error.message }, 'speech settlement round failed'),
        )
        .finally(() => {
          this.running = undefined;
        });
    }, intervalSeconds * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async settle(streams: SpeechStreamRow[]) {
    const outcome = { byRecord: 0, byDeadline: 0, waiting: 0 };
    if (streams.length === 0) return outcome;
    const now = new Date();
    const since = new Date(
      Math.min(...streams.map((stream) => stream.minted_at.getTime())) - CLOCK_SLACK_MS,
    );
    let recorded: Map<string, number>;
    try {
      recorded = await this.deps.logs.secondsByReference(
        new Set(streams.map((stream) => stream.id)),
        since,
        now,
      );
    } catch (error) {
      this.deps.log.warn({ err: (error as Error).message }, 'soniox usage logs unreadable');
      return { ...outcome, waiting: streams.length };
    }
    const deadlineMs = this.deps.recordDeadlineSeconds * 1000;
    for (const stream of streams) {
      const seconds = recorded.get(stream.id);
      if (seconds !== undefined) {
        if (await this.deps.usage.settleStream(stream.id, seconds)) outcome.byRecord++;
      } else if (now.getTime() > stream.window_ends_at.getTime() + deadlineMs) {
        if (await this.deps.usage.settleStream(stream.id, null)) {
          outcome.byDeadline++;
          this.deps.log.warn({ streamId: stream.id }, 'no soniox record: stream charged in full');
        }
      } else outcome.waiting++;
    }
    return outcome;
  }
}
