/**
 * How long the built-in formatter takes on an 8-hour dictation (~80,000 words).
 *
 *   node --import tsx services/formatting/bench/offline-formatter.ts      (from the repo root)
 *
 * The dictation is built deterministically from the sentences of the test corpus (a fixed
 * pseudo-random walk over them), so every run formats the same text. Each scenario is formatted
 * once as a warm-up, then BENCH_RUNS times (default 5); the table gives min / median / max and
 * the throughput at the median. Goal: under 500 ms for the 8-hour dictation.
 *
 * Scenarios: one patient with the consultation profile; the same text with a 2,000-term medical
 * dictionary (built in the warm-up and cached by the formatter, as in the service; its cold
 * build time is printed after the table); a multi-patient session (a marker every ~400 words)
 * with the nursing profile.
 */
import { performance } from 'node:perf_hooks';
import { type Professional, patientMarker } from '@pv/contracts';
import {
  buildMedicalDictionary,
  formatOffline,
  type OfflineFormatInput,
} from '../src/notes/index.js';
import { CORPUS, MULTI_PATIENT_ROUNDS } from '../test/notes/corpus.js';

const TARGET_WORDS = Number(process.env.BENCH_WORDS ?? 80_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 500;

/** The corpus sentences, in a fixed order. */
function corpusSentences(): string[] {
  const texts = [...Object.values(CORPUS).map((entry) => entry.text), MULTI_PATIENT_ROUNDS];
  return texts
    .flatMap((text) => text.replace(/\[Paciente \d+\]/g, ' ').split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Deterministic pseudo-random generator (mulberry32). */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

function buildDictation(words: number, markerEveryWords = 0): string {
  const sentences = corpusSentences();
  const next = rng(20_240_117);
  const parts: string[] = [];
  let total = 0;
  let sinceMarker = 0;
  let patient = 0;
  if (markerEveryWords > 0) {
    patient = 1;
    parts.push(patientMarker(patient));
  }
  while (total < words) {
    const sentence = sentences[Math.floor(next() * sentences.length)] as string;
    parts.push(sentence);
    const n = countWords(sentence);
    total += n;
    sinceMarker += n;
    if (markerEveryWords > 0 && sinceMarker >= markerEveryWords && total < words) {
      patient++;
      parts.push(patientMarker(patient));
      sinceMarker = 0;
    }
  }
  return parts.join(' ');
}

/** 2,000 plausible terms: the corpus' own long words plus generated drug-like names. */
function dictionaryTerms(): string[] {
  const words = new Set<string>();
  for (const sentence of corpusSentences()) {
    for (const word of sentence.toLowerCase().match(/[a-zà-ú]{6,}/g) ?? []) words.add(word);
  }
  const syllables = ['ce', 'fa', 'lo', 'xi', 'na', 'tri', 'zol', 'pra', 'mi', 'dol', 'ra', 'ven'];
  const next = rng(7);
  while (words.size < 2_000) {
    let term = '';
    const length = 3 + Math.floor(next() * 3);
    for (let i = 0; i < length; i++) term += syllables[Math.floor(next() * syllables.length)];
    words.add(term);
  }
  return [...words].slice(0, 2_000);
}

interface Scenario {
  name: string;
  input: OfflineFormatInput;
}

function measure(scenario: Scenario): { min: number; median: number; max: number } {
  formatOffline(scenario.input); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    formatOffline(scenario.input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    min: times[0] as number,
    median: times[Math.floor(times.length / 2)] as number,
    max: times[times.length - 1] as number,
  };
}

function main(): void {
  const single = buildDictation(TARGET_WORDS);
  const multi = buildDictation(TARGET_WORDS, 400);
  const words = countWords(single);
  const professional: Professional = 'consulta_medica';
  const scenarios: Scenario[] = [
    { name: '1 paciente, consulta_medica', input: { text: single, professional } },
    {
      name: '1 paciente, dicionário de 2.000 termos',
      input: { text: single, professional, medicalTerms: dictionaryTerms() },
    },
    {
      name: 'vários pacientes (marcador a cada ~400 palavras), enfermeira',
      input: { text: multi, professional: 'enfermeira', multiplePatients: true },
    },
  ];
  console.log(
    `Dictation: ${words.toLocaleString('en-US')} words, ${single.length.toLocaleString('en-US')} characters; ` +
      `${RUNS} runs after a warm-up; Node ${process.version}.\n`,
  );
  console.log(
    '| Scenario | min (ms) | median (ms) | max (ms) | words/s (median) | goal < 500 ms |',
  );
  console.log('|---|---:|---:|---:|---:|:---:|');
  let failed = false;
  for (const scenario of scenarios) {
    const { min, median, max } = measure(scenario);
    const wordsPerSecond = Math.round(countWords(scenario.input.text) / (median / 1000));
    const ok = median < GOAL_MS;
    if (!ok) failed = true;
    console.log(
      `| ${scenario.name} | ${min.toFixed(1)} | ${median.toFixed(1)} | ${max.toFixed(1)} | ` +
        `${wordsPerSecond.toLocaleString('en-US')} | ${ok ? 'yes' : 'NO'} |`,
    );
  }
  const terms = dictionaryTerms();
  const buildStart = performance.now();
  buildMedicalDictionary(terms);
  console.log(
    `\nBuilding the ${terms.length.toLocaleString('en-US')}-term dictionary (done once per term ` +
      `list, then cached): ${(performance.now() - buildStart).toFixed(1)} ms.`,
  );
  if (failed) process.exitCode = 1;
}

main();
