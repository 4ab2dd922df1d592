import { fetchSonioxTemporaryKey } from '../../api/speech';
import type { SpeechEngine, SpeechEngineEvents } from '../engine';
import {
  type RecorderLike,
  type SocketLike,
  type SonioxDependencies,
  SonioxRealtimeClient,
} from './client';

/**
 * A build-time address of the realtime socket, used only when the key's answer carries none
 * (billing sends its SONIOX_WS_URL with every key, so tests point it at a fake at run time).
 */
const configuredUrl = (import.meta.env.VITE_SONIOX_WS_URL as string | undefined) || undefined;
const configuredModel = (import.meta.env.VITE_SONIOX_MODEL as string | undefined) || undefined;

export function browserSonioxDependencies(): SonioxDependencies {
  return {
    fetchKey: fetchSonioxTemporaryKey,
    getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
    createRecorder: (stream) => new MediaRecorder(stream) as unknown as RecorderLike,
    createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    ...(configuredUrl ? { url: configuredUrl } : {}),
    ...(configuredModel ? { model: configuredModel } : {}),
  };
}

/** The Super Transcritor as a speech engine of the recording card. */
export class SonioxSpeechEngine implements SpeechEngine {
  readonly kind = 'soniox' as const;
  private readonly client: SonioxRealtimeClient;

  constructor(events: SpeechEngineEvents, deps: SonioxDependencies = browserSonioxDependencies()) {
    this.client = new SonioxRealtimeClient(deps, {
      onStateChange: (state) => {
        if (state === 'Running') events.onRunning?.();
      },
      onFinal: (text, speaker) => events.onFinal(text, speaker),
      onNonFinal: (text) => events.onInterim(text),
      onError: (code, message, detail) => {
        if (code === 'get_user_media_failed') {
          const name = (detail as { name?: string } | undefined)?.name;
          events.onFailure({
            kind:
              name === 'NotAllowedError' || name === 'SecurityError'
                ? 'permission-denied'
                : 'microphone',
          });
          return;
        }
        events.onFailure({ kind: 'realtime', code, message });
      },
    });
  }

  start(): Promise<void> {
    return this.client.start();
  }

  stop(): Promise<void> {
    return this.client.stop();
  }
}
