import { SupportErrorCodes, SupportMessages } from '@pv/contracts';
import { AppError, type Principal } from '@pv/service-kit';
import type { Redis } from 'ioredis';

export interface TicketRateLimitOptions {
  anonymousPerHour: number;
  userPerHour: number;
  /** Redis key prefix; tests give each instance its own. */
  namespace: string;
}

const HOUR_MS = 3_600_000;

/**
 * How many tickets a sender may open per clock hour: anonymous visitors are counted per address,
 * signed-in users per account (from any address). A fixed window in Redis: one INCR per ticket,
 * the key expiring with its hour, so the limit holds across every instance of the service.
 */
export class TicketRateLimit {
  constructor(
    private readonly redis: Redis,
    private readonly options: TicketRateLimitOptions,
  ) {}

  async hit(principal: Principal | null, ipAddress: string): Promise<void> {
    const now = Date.now();
    const window = Math.floor(now / HOUR_MS);
    const who = principal ? `user:${principal.userId}` : `ip:${ipAddress}`;
    const key = `${this.options.namespace}${who}:${window}`;
    const result = await this.redis.multi().incr(key).expire(key, 3_600).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const max = principal ? this.options.userPerHour : this.options.anonymousPerHour;
    if (count > max) {
      const retryAfterSeconds = Math.ceil(((window + 1) * HOUR_MS - now) / 1_000);
      throw new TicketRateLimited(
        principal ? SupportMessages.tooManyTicketsUser : SupportMessages.tooManyTicketsAnonymous,
        retryAfterSeconds,
      );
    }
  }
}

/** 429 with how long until the window ends (sent as Retry-After). */
export class TicketRateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, SupportErrorCodes.rateLimited, message);
  }
}
