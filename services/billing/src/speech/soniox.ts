import { BillingMessages, type TemporaryKey } from '@pv/contracts';
import { AppError, type Principal, serviceUnavailable } from '@pv/service-kit';
import type { Logger } from 'pino';
import { allowanceReached, type UsageService } from '../usage/usage.service.js';

/** Soniox caps one streaming session at this many seconds (max_session_duration_seconds). */
const SONIOX_MAX_SESSION_SECONDS = 18_000;

export interface SonioxSettings {
  apiKey?: string;
  apiUrl: string;
  /** Handed to the browser with each key: where it opens the realtime socket. */
  wsUrl: string;
  keyTtlSeconds: number;
}

/**
 * Mints Soniox temporary keys (POST /v1/auth/temporary-api-key) so the long-lived key never
 * reaches a browser. The key opens one stream, no longer than the allowance the user has left.
 */
export class SonioxKeys {
  constructor(
    private readonly settings: SonioxSettings,
    private readonly usage: UsageService,
    private readonly log: Logger,
  ) {}

  async mint(principal: Principal): Promise<TemporaryKey> {
    if (!this.settings.apiKey)
      throw serviceUnavailable(BillingMessages.speechUnavailable, 'SPEECH_NOT_CONFIGURED');
    const { remaining, allowance } = await this.usage.speechRemaining(principal);
    if (remaining <= 0) throw allowanceReached(allowance);
    const maxSessionSeconds = Math.min(remaining, SONIOX_MAX_SESSION_SECONDS);
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
            client_reference_id: principal.userId,
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
