import { SupportErrorCodes, SupportMessages } from '@pv/contracts';
import { addressKey, type Principal, RateLimiter } from '@pv/service-kit/http';
import type { Redis } from 'ioredis';
import type { SupportConfig } from '../config.js';

/**
 * How many tickets a sender may open in any trailing hour (a sliding window, so "na última hora"
 * means what it says): anonymous visitors counted per address, signed-in users per account from
 * any address. Above it, 429 TICKET_RATE_LIMITED with Retry-After.
 */
export class TicketLimits {
  private readonly anonymous: RateLimiter;
  private readonly user: RateLimiter;

  constructor(
    redis: Redis,
    config: Pick<SupportConfig, 'SUPPORT_ANON_TICKETS_PER_HOUR' | 'SUPPORT_USER_TICKETS_PER_HOUR'>,
    keyPrefix: string,
  ) {
    const hourly = {
      window: 'sliding',
      durationSeconds: 3_600,
      code: SupportErrorCodes.rateLimited,
    } as const;
    this.anonymous = new RateLimiter(
      redis,
      {
        ...hourly,
        name: 'tickets:anonymous',
        points: config.SUPPORT_ANON_TICKETS_PER_HOUR,
        message: SupportMessages.tooManyTicketsAnonymous,
      },
      { keyPrefix },
    );
    this.user = new RateLimiter(
      redis,
      {
        ...hourly,
        name: 'tickets:user',
        points: config.SUPPORT_USER_TICKETS_PER_HOUR,
        message: SupportMessages.tooManyTicketsUser,
      },
      { keyPrefix },
    );
  }

  /** Counts one ticket of this sender, or throws the 429. */
  async hit(principal: Principal | null, ipAddress: string): Promise<void> {
    if (principal) await this.user.consume(principal.userId);
    // An IPv6 visitor is its /64 (one household or server gets a whole /64).
    else await this.anonymous.consume(addressKey(ipAddress));
  }
}
