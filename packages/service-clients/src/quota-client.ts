import { randomUUID } from 'node:crypto';
import {
  BillingMessages,
  type ErrorBody,
  type QuotaConsumeResponse,
  type QuotaKind,
} from '@pv/contracts';
import { AppError, serviceUnavailable } from '@pv/service-kit/http';
import { internalDispatcher, startClientSpan } from '@pv/service-kit/runtime';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { fetch } from 'undici';

/** undici's own Response (its fetch trusts the internal CA), not the global one. */
type BillingResponse = Awaited<ReturnType<typeof fetch>>;

/** What a metered action may do next, as the billing service decided it. */
export type QuotaDecision = {
  status: 'reserved';
  reservationId: string;
  limit: number;
  used: number;
};

/**
 * Billing could not be asked (unreachable, 5xx, timeout): paid work fails closed (issue 24), a
 * 503 in pt-BR saying nothing was charged. The action did not run, so a retry (same reservation
 * id where the caller has a stable one) is counted once when billing answers again.
 */
const billingUnavailable = () =>
  serviceUnavailable(BillingMessages.billingUnavailable, 'BILLING_UNAVAILABLE');

/** The caller's credentials, forwarded as they came so billing verifies the session itself. */
export function forwardedCredentials(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  headers['x-request-id'] = request.id;
  return headers;
}

/**
 * The client of billing's internal quota API (`/internal/quota/*`), shared by the formatting and
 * documents services. Billing counts and decides atomically; a 429 from it becomes this service's
 * 429 with billing's pt-BR message. When billing cannot answer, the action is refused with a 503
 * (fail closed, issue 24: metering nobody can walk around by knocking billing over); the
 * clinician's text stays in the workspace and the call can be repeated. Anonymous visitors never
 * reach this client: their own per-address limits keep working without billing.
 * @example
 * const quota = new QuotaClient(config.BILLING_URL, log);
 * const pdf = await quota.withReservation(
 *   { kind: 'pdf', credentials: forwardedCredentials(request), reservationId },
 *   (reservation) => render(reservation),
 * );
 */
export class QuotaClient {
  constructor(
    private readonly billingUrl: string,
    private readonly log: Pick<Logger, 'warn'>,
    /**
     * Fail closed makes a slow answer a refusal: long enough for billing to serialise a burst of
     * one user's calls on their month's row (50 at once take a few seconds on 2 cores), far below
     * the gateway's timeout and the work it guards.
     */
    private readonly timeoutMs = 10_000,
  ) {}

  /**
   * Reserves one action. Pass the id the action's event will carry (formatting: the consultId of
   * consult.formatted.v1; documents: reservationId of document.generated.v1) so billing, counting
   * that event, knows the reservation is settled and counts the action once.
   */
  async consume(
    kind: QuotaKind,
    credentials: Record<string, string>,
    reservationId: string = randomUUID(),
  ): Promise<QuotaDecision> {
    let response: BillingResponse;
    try {
      response = await this.post('/internal/quota/consume', { kind, reservationId }, credentials);
    } catch (error) {
      this.log.warn({ err: (error as Error).message, kind }, 'billing unreachable; action refused');
      throw billingUnavailable();
    }
    const body = (await response.json().catch(() => ({}))) as Partial<
      QuotaConsumeResponse & ErrorBody
    >;
    if (response.status === 200)
      return { status: 'reserved', reservationId, limit: body.limit ?? -1, used: body.used ?? 0 };
    if (response.status >= 400 && response.status < 500) {
      // 429 (limit reached) and 401/403 (session gone) are the user's answer, said by billing.
      throw new AppError(
        response.status,
        body.code ?? 'QUOTA_REFUSED',
        body.message ?? 'Limite do plano atingido.',
      );
    }
    this.log.warn({ status: response.status, kind }, 'billing failed; action refused');
    throw billingUnavailable();
  }

  /**
   * Runs one metered action inside a reservation: reserved before it runs (billing's 429 stops it
   * there), given back if it fails. There is no confirm call: the action's own event, carrying
   * `reservationId`, settles the reservation when billing counts it, so a success is counted once.
   * The action receives the decision to put its id in that event.
   * @example
   * return quota.withReservation({ kind: 'formatting', credentials, reservationId: consultId },
   *   () => this.formatAndPublish(consultId));
   */
  async withReservation<T>(
    reservation: { kind: QuotaKind; credentials: Record<string, string>; reservationId?: string },
    action: (decision: QuotaDecision) => Promise<T>,
  ): Promise<T> {
    const { kind, credentials, reservationId } = reservation;
    const decision = await this.consume(kind, credentials, reservationId);
    try {
      return await action(decision);
    } catch (error) {
      await this.release(decision, credentials);
      throw error;
    }
  }

  /**
   * Asks billing whether the user may store `bytes` more (issue 17): billing's 429 (past the
   * plan's storage limit) becomes this service's 429 with billing's pt-BR message. Storage is a
   * stock, not a count: nothing is reserved, the change's own `usage.storage.changed.v1` updates
   * the total. Fails closed, as `consume` does.
   * @example await quota.checkStorage(Buffer.byteLength(content), forwardedCredentials(request));
   */
  async checkStorage(bytes: number, credentials: Record<string, string>): Promise<void> {
    let response: BillingResponse;
    try {
      response = await this.post('/internal/quota/storage', { bytes }, credentials);
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, 'billing unreachable; storage refused');
      throw billingUnavailable();
    }
    if (response.status === 200) return;
    const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
    if (response.status >= 400 && response.status < 500)
      throw new AppError(
        response.status,
        body.code ?? 'STORAGE_REFUSED',
        body.message ?? 'Limite de armazenamento do plano atingido.',
      );
    this.log.warn({ status: response.status }, 'billing failed; storage refused');
    throw billingUnavailable();
  }

  /** Gives a reservation back after the action failed; never throws. */
  async release(decision: QuotaDecision, credentials: Record<string, string>): Promise<void> {
    try {
      await this.post(
        '/internal/quota/release',
        { reservationId: decision.reservationId },
        credentials,
      );
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, 'quota release failed');
    }
  }

  private async post(path: string, body: unknown, credentials: Record<string, string>) {
    const url = `${this.billingUrl.replace(/\/$/, '')}${path}`;
    // Tracing on: a CLIENT span, its `traceparent` sent to billing (paths here hold no ids).
    const span = startClientSpan({ method: 'POST', template: path, url, peer: 'billing' });
    try {
      const response = await fetch(url, {
        // https:// billing: verified against the internal CA (transport-security.ts).
        dispatcher: internalDispatcher(),
        method: 'POST',
        headers: { 'content-type': 'application/json', ...credentials, ...span?.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      span?.end({ statusCode: response.status });
      return response;
    } catch (error) {
      span?.end({ error });
      throw error;
    }
  }
}
