import { describe, expect, it, vi } from 'vitest';
import { formatElapsed, transcriptToCsv } from './csv';
import { AUTO_END_SILENCE_MS, SpeechSessionTracker } from './sessions';
import { TranscriptStore } from './transcript-store';

describe('transcript store', () => {
  it('joins finals with spaces, keeps lines and counts words incrementally', () => {
    const store = new TranscriptStore();
    const changes: string[] = [];
    store.subscribe((c) => changes.push(c.kind));
    store.appendFinal('dor de cabeça');
    store.appendFinal(' há três dias ');
    store.appendLine('[Paciente 1]');
    store.appendRaw(' fe');
    store.appendRaw('bre');
    expect(store.value).toBe('dor de cabeça há três dias\n[Paciente 1]\nfebre');
    expect(store.wordCount).toBe(9);
    let shown = 'um dois';
    store.attachReader(() => shown);
    store.editedByUser();
    expect(store.wordCount).toBe(2);
    shown = 'um dois três';
    store.editedByUser();
    expect(store.value).toBe('um dois três');
    expect(changes).toEqual([
      'appended',
      'appended',
      'appended',
      'appended',
      'appended',
      'replaced',
      'replaced',
    ]);
  });
});

describe('long dictations', () => {
  it('start a new line past 1,000 characters so the editor blocks stay short', () => {
    const store = new TranscriptStore();
    const phrase = 'a'.repeat(600);
    store.appendFinal(phrase);
    store.appendFinal(phrase);
    store.appendFinal(phrase);
    expect(store.value).toBe(`${phrase} ${phrase}\n${phrase}`);
  });
});

describe('CSV export (2-minute segments)', () => {
  it('spreads the words over 2-minute rows with quoted text and a BOM', () => {
    const csv = transcriptToCsv('um dois três quatro cinco "seis"', 300);
    expect(csv).toBe(
      '\uFEFFSegmento,Início,Fim,Texto\r\n1,00:00,02:00,"um dois"\r\n2,02:00,04:00,"três quatro"\r\n3,04:00,06:00,"cinco ""seis"""\r\n',
    );
    expect(formatElapsed(75)).toBe('01:15');
  });
});

describe('speech sessions', () => {
  it('start on the first final text and end after 60 s of silence, on stop, or at 8 hours', () => {
    const log = vi.fn();
    const sessions = new SpeechSessionTracker(0, log);
    sessions.tick(30_000);
    expect(sessions.active).toBe(false);
    sessions.onFinalText('olá', 1_000);
    sessions.onFinalText('tudo bem', 20_000);
    sessions.tick(79_000);
    expect(sessions.active).toBe(true);
    sessions.tick(80_000);
    expect(sessions.segments).toEqual([
      { start: 1_000, end: 20_000, text: 'olá tudo bem', reason: 'silence' },
    ]);
    sessions.onFinalText('de novo', 100_000);
    sessions.stop(110_000);
    expect(sessions.segments[1]?.reason).toBe('stop');
    expect(sessions.tick(100_000 + AUTO_END_SILENCE_MS - 1)).toBe(false);
    expect(sessions.tick(100_000 + AUTO_END_SILENCE_MS)).toBe(true);
    expect(log).toHaveBeenCalledWith({ start: 1_000, end: 20_000, reason: 'silence' });
  });
});
