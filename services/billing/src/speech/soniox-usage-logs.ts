/**
 * Soniox's usage logs (GET /v1/usage-logs, read 2026-11-28 at
 * https://soniox.com/docs/api-reference/other/get_usage_logs): one entry per completed request,
 * filtered by its end time in [start_time, end_time) (at most 31 days), `limit` up to 1000 a
 * page, `next_page_cursor` for the next. An entry carries the `client_reference_id` bound to the
 * temporary key that opened it and `input_audio_duration_ms`: what Soniox bills the account.
 */
export interface SonioxUsageLogEntry {
  client_reference_id?: string | null;
  input_audio_duration_ms?: number;
  end_time?: string;
}

const DAY_MS = 86_400_000;
/** Soniox refuses a wider window. */
export const USAGE_LOG_MAX_WINDOW_MS = 31 * DAY_MS;

export class SonioxUsageLogs {
  constructor(
    private readonly settings: {
      apiKey: string;
      apiUrl: string;
      /** Pages read per call at most (1,000 entries each): a round is bounded. */
      maxPages: number;
      timeoutMs?: number;
    },
  ) {}

  /**
   * The audio seconds Soniox recorded per client_reference_id among `references`, for requests
   * that ended in [since, until). Throws when Soniox cannot be read (the caller settles nothing).
   */
  async secondsByReference(
    references: ReadonlySet<string>,
    since: Date,
    until: Date,
  ): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const start = new Date(Math.max(since.getTime(), until.getTime() - USAGE_LOG_MAX_WINDOW_MS));
    let cursor: string | null = null;
    for (let page = 0; page < this.settings.maxPages; page++) {
      const url = new URL('/v1/usage-logs', this.settings.apiUrl);
      url.searchParams.set('start_time', start.toISOString());
      url.searchParams.set('end_time', until.toISOString());
      url.searchParams.set('limit', '1000');
      url.searchParams.set('sort', 'end_time_asc');
      if (cursor) url.searchParams.set('cursor', cursor);
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${this.settings.apiKey}` },
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      if (response.status !== 200) throw new Error(`soniox usage-logs answered ${response.status}`);
      const body = (await response.json()) as {
        usage_logs?: SonioxUsageLogEntry[];
        next_page_cursor?: string | null;
      };
      for (const entry of body.usage_logs ?? []) {
        const reference = entry.client_reference_id;
        if (!reference || !references.has(reference)) continue;
        const seconds = Math.max(0, Number(entry.input_audio_duration_ms ?? 0)) / 1000;
        found.set(reference, (found.get(reference) ?? 0) + seconds);
      }
      cursor = body.next_page_cursor ?? null;
      if (!cursor) return found;
    }
    // Pages left unread: what was found stands; the rest waits for the next round.
    return found;
  }
}
