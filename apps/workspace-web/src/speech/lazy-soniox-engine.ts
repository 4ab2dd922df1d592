import type { SpeechEngine, SpeechEngineEvents } from './engine';

/**
 * The Super Transcritor's engine, its code (the realtime client, ~12 KB) fetched when a
 * recording first uses it rather than with the workspace: most dictations use the browser's
 * engine (docs/performance.md). A failed fetch rejects `start`, which the recording controller
 * reports as 'init-failed', as any engine failing to start.
 */
export class LazySonioxSpeechEngine implements SpeechEngine {
  readonly kind = 'soniox' as const;
  private inner: SpeechEngine | null = null;
  private stopped = false;

  constructor(private readonly events: SpeechEngineEvents) {}

  async start(): Promise<void> {
    const { SonioxSpeechEngine } = await import('./soniox/soniox-engine');
    // Stopped while the code was on its way: never open the microphone.
    if (this.stopped) return;
    this.inner = new SonioxSpeechEngine(this.events);
    await this.inner.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.inner?.stop();
  }
}
