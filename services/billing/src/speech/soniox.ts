import { BillingMessages, type TemporaryKey } from '@pv/contracts';
import {
  AppError,
  type Principal,
  type RateLimiter,
  serviceUnavailable,
} from '@pv/service-kit/http';
import type { Logger } from 'pino';
import type { UsageService } from '../usage/usage.service.js';
import type { SpeechSettlement } from './speech-settlement.js';

export interface SonioxSettings {
  apiKey?: string;
  apiUrl: string;
  /** Handed to the browser with each key: where it opens the realtime socket. */
  wsUrl: string;
  keyTtlSeconds: number;
  /** Keys one user may mint per hour (the kit's limiter): each one is a paid stream. */
  mintLimit: RateLimiter;
}

/**
 * Mints Soniox temporary keys (POST /v1/auth/temporary-api-key) so the long-lived key never
 * reaches a browser. The key opens one stream (single use), no longer than the allowance the user
 * has left, and carries the stream's id as `client_reference_id` so Soniox's usage record settles
 * it (issue 24); a user has at most one unsettled stream, and mints a limited number of keys an
 * hour.
 */
export class SonioxKeys {
  constructor(
    private readonly settings: SonioxSettings,
    private readonly usage: UsageService,
    private readonly log: Logger,
    private readonly settlement?: SpeechSettlement,
  ) {}

  async mint(principal: Principal): Promise<TemporaryKey> {
    if (!this.settings.apiKey)
      throw serviceUnavailable(BillingMessages.speechUnavailable, 'SPEECH_NOT_CONFIGURED');
    await this.settings.mintLimit.consume(principal.userId);
    // A stream whose session ended moments ago has its record by now: settle it first.
    await this.settlement?.settleStreamsOf(principal.userId);
    const { streamId, maxSeconds: maxSessionSeconds } = await this.usage.openStream(
      principal,
      this.settings.keyTtlSeconds,
    );
    try {
      return await this.request(streamId, maxSessionSeconds);
    } catch (error) {
      // No key, no stream: the user may try again at once.
      await this.usage.discardStream(streamId);
      throw error;
    }
  }

  private async request(streamId: string, maxSessionSeconds: number): Promise<TemporaryKey> {
    let response: Response;
    try {
      response = await fetch(
        `${this.settings.apiUrl.replace(/\/$/, '')}/v1/auth/temporary-api-key`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${this.settings.apiKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            usage_type: 'transcribe_websocket',
            expires_in_seconds: this.settings.keyTtlSeconds,
            single_use: true,
            max_session_duration_seconds: maxSessionSeconds,
            // Names the stream: Soniox's usage log entry of the session carries it back.
            client_reference_id: streamId,
          }),
          signal: AbortSignal.timeout(10_000),
        },
      );
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, 'soniox unreachable');
      throw new AppError(502, 'SPEECH_PROVIDER_ERROR', BillingMessages.speechProviderError);
    }
    const body = (await response.json().catch(() => ({}))) as {
      api_key?: string;
      expires_at?: string;
      error_type?: string;
    };
    if (response.status !== 201 || !body.api_key || !body.expires_at) {
      this.log.warn({ status: response.status, errorType: body.error_type }, 'soniox refused');
      throw new AppError(502, 'SPEECH_PROVIDER_ERROR', BillingMessages.speechProviderError);
    }
    return {
      apiKey: body.api_key,
      expiresAt: new Date(body.expires_at).toISOString(),
      maxSessionSeconds,
      wsUrl: this.settings.wsUrl,
    };
  }
}
