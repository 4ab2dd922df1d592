import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { installMissingTools } from '@pv/stack/infra';
import { e2eDataDir } from './paths.js';

const TOOLS = { 'espeak-ng': 'espeak-ng', sox: 'sox' } as const;

/**
 * espeak-ng and sox, installed with apt-get when missing and allowed (root, apt-get, PV_NO_APT
 * not 1). Throws with what to install otherwise.
 */
export function ensureSpeechTools(): void {
  const log = path.join(e2eDataDir, 'logs', 'apt.log');
  const absent = installMissingTools(TOOLS, log, (packages) =>
    process.stderr.write(`[e2e] installing ${packages.join(' ')} with apt-get (log: ${log})\n`),
  );
  if (absent.length > 0) {
    throw new Error(
      `${absent.join(' and ')} ${absent.length > 1 ? 'are' : 'is'} needed to make the fake ` +
        `microphone's speech. Debian/Ubuntu: sudo apt-get install -y ${absent.join(' ')}`,
    );
  }
}

/**
 * Speaks `text` with espeak-ng (voice `pt-br` unless told) into a 44.1 kHz mono 16-bit WAV in
 * .data/e2e/audio/<name>.wav, the format Chromium's fake microphone plays
 * (launchBrowser({ fakeAudioFile })). `paddingSeconds` of silence follow the speech. Returns the path.
 *
 * @example
 *   const wav = speechWav('consulta', 'Paciente com febre há três dias.');
 *   const browser = await launchBrowser({ fakeAudioFile: wav });
 */
export function speechWav(
  name: string,
  text: string,
  options: { voice?: string; paddingSeconds?: number } = {},
): string {
  ensureSpeechTools();
  const dir = path.join(e2eDataDir, 'audio');
  mkdirSync(dir, { recursive: true });
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  const raw = path.join(dir, `${safe}.espeak.wav`);
  const file = path.join(dir, `${safe}.wav`);
  execFileSync('espeak-ng', ['-v', options.voice ?? 'pt-br', '-s', '150', '-w', raw, text], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const padding = options.paddingSeconds ?? 0;
  execFileSync(
    'sox',
    [
      raw,
      '-r',
      '44100',
      '-c',
      '1',
      '-b',
      '16',
      file,
      ...(padding > 0 ? ['pad', '0', String(padding)] : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (!existsSync(file)) throw new Error(`sox did not write ${file}`);
  return file;
}
