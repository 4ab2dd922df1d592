import { describe, expect, it } from 'vitest';
import {
  applyDictatedPunctuation,
  CLIENT_LINE_BREAK_AFTER_CHARS,
  cleanTranscript,
  formatOffline,
} from '../../src/notes/index.js';
import { section, single } from './helpers.js';

/** A line the way the workspace cuts it: the break comes once the line passes 1,000 characters. */
const longLine = (words: string) => {
  let line = '';
  while (line.length <= CLIENT_LINE_BREAK_AFTER_CHARS) line += `${words} `;
  return line.trimEnd();
};

describe('cleanTranscript', () => {
  it('drops the realtime engine speaker labels, on their own line or inside one', () => {
    const text =
      'Falante 1:\nPaciente refere tosse.\nFalante 2:\nTemperatura 38.\nAo exame falante 1: sem sibilos.';
    expect(cleanTranscript(text)).toBe(
      'Paciente refere tosse.\nTemperatura 38.\nAo exame\nsem sibilos.',
    );
  });

  it('joins the line break the workspace inserts in a long line, but not a real paragraph', () => {
    const first = longLine('dor lombar há três dias sem irradiação');
    const text = `${first}\npiora ao sentar\n\nConduta: repouso.`;
    expect(cleanTranscript(text)).toBe(`${first} piora ao sentar\n\nConduta: repouso.`);
    // A short line, or a long one that ends a sentence, keeps its break.
    expect(cleanTranscript('Queixa: tosse\nHD: gripe')).toBe('Queixa: tosse\nHD: gripe');
    const ended = `${first}.`;
    expect(cleanTranscript(`${ended}\nConduta: repouso.`)).toBe(`${ended}\nConduta: repouso.`);
  });

  it('drops the recognition error lines, keeps the patient markers, collapses spaces', () => {
    const text =
      'Febre   há  2 dias.\n[Erro no reconhecimento de voz: network]\n[Paciente 2]\nTosse.';
    expect(cleanTranscript(text)).toBe('Febre há 2 dias.\n[Paciente 2]\nTosse.');
  });

  it('is idempotent', () => {
    const text = `Falante 1:\n${longLine('refere cansaço')}\nao subir escadas`;
    const once = cleanTranscript(text);
    expect(cleanTranscript(once)).toBe(once);
  });

  it('is what the offline formatter reads: a sentence cut by the workspace stays whole', () => {
    const hpi = longLine('refere cansaço aos esforços');
    const note = single(
      formatOffline({
        text: `Falante 1:\nHistória: ${hpi}\nsem dor torácica. Conduta: ecocardiograma.`,
        professional: 'consulta_medica',
      }),
    );
    expect(
      section(note, 'historyOfPresentIllness').endsWith('aos esforços sem dor torácica.'),
    ).toBe(true);
    expect(note.text).not.toContain('Falante');
  });
});

describe('applyDictatedPunctuation', () => {
  it('turns the spoken marks into punctuation', () => {
    expect(
      applyDictatedPunctuation(
        'febre vírgula tosse ponto final nega dispneia ponto e vírgula HD dois pontos gripe nova linha retorno',
      ),
    ).toBe('febre, tosse. nega dispneia; HD: gripe.\nretorno');
  });

  it('writes a decimal said with vírgula in digits, in words or not', () => {
    expect(applyDictatedPunctuation('temperatura 38 vírgula 2')).toBe('temperatura 38,2');
    expect(applyDictatedPunctuation('temperatura trinta e seis vírgula oito graus')).toBe(
      'temperatura 36,8 graus',
    );
    expect(applyDictatedPunctuation('clonazepam zero vírgula cinco miligramas')).toBe(
      'clonazepam 0,5 miligramas',
    );
  });

  it('keeps typed periods and does not double them', () => {
    expect(applyDictatedPunctuation('Febre. ponto final Tosse... 36.8')).toBe('Febre. Tosse. 36.8');
  });
});
