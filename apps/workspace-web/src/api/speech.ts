import type { SpeechUsage, TemporaryKey, TranscriptionSessionBody } from '@pv/contracts';
import { api } from './base';
import { postJson, queryErrorOf } from './http';
import { withRetries } from './retries';

/** Super Transcritor metering and keys (billing service). */
export const speechApi = api.injectEndpoints({
  endpoints: (build) => ({
    speechUsage: build.query<SpeechUsage, void>({
      query: () => '/api/super-transcritor/usage',
      providesTags: ['SpeechUsage'],
    }),
    /** Retried with one idempotency key per report (api/retries.ts): billing charges it once. */
    addSpeechUsage: build.mutation<SpeechUsage, { secondsToAdd: number; streamEnded?: boolean }>({
      queryFn: async (body) => {
        const idempotencyKey = crypto.randomUUID();
        try {
          const data = await withRetries(() =>
            postJson<SpeechUsage>('/api/super-transcritor/usage', body, { idempotencyKey }),
          );
          return { data };
        } catch (error) {
          return { error: queryErrorOf(error) };
        }
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(speechApi.util.upsertQueryData('speechUsage', undefined, data));
      },
    }),
    /** One speech session, for Minha Área's transcription count (billing). */
    countTranscriptionSession: build.mutation<{ counted: boolean }, TranscriptionSessionBody>({
      query: (body) => ({
        url: '/api/user-metrics/transcription-sessions',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['UserMetrics'],
    }),
  }),
});

export const {
  useSpeechUsageQuery,
  useAddSpeechUsageMutation,
  useCountTranscriptionSessionMutation,
} = speechApi;

/** A temporary Soniox key (POST /api/soniox/temporary-key): the long-lived key stays on the server. */
export function fetchSonioxTemporaryKey(): Promise<TemporaryKey> {
  return postJson<TemporaryKey>('/api/soniox/temporary-key', {});
}
