/**
 * Deterministic psychiatric decision support: for a set of ICD-10 (CID-10) disorders, each
 * criterion is a pt-BR statement with the words that evidence it in a dictation. A criterion is
 * met when one of its cues occurs and is not negated in its clause ('nega ideação suicida', 'sem
 * alucinações'). The likelihood follows the share of criteria met. Hypotheses are only suggested
 * when a key criterion of the disorder is met together with at least one other.
 */
import type { DiagnosticAnalysisResponse } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import {
  type Criterion,
  DISORDERS,
  type DisorderDefinition,
} from '../data/diagnostic-disorders.js';
import { escapeRegExp, NUMBER_SOURCE } from '../reading/text.js';

export type DiagnosticHypothesis = DiagnosticAnalysisResponse['hypotheses'][number];
export type Likelihood = 'alta' | 'moderada' | 'baixa';

export const DIAGNOSTIC_DISCLAIMER =
  'Apoio à decisão clínica: estas hipóteses não substituem a avaliação do profissional.';
export const NO_HYPOTHESIS_TEXT =
  'Nenhuma hipótese diagnóstica psiquiátrica pôde ser sugerida a partir dos elementos descritos ' +
  'no texto.';

export {
  type Criterion,
  DISORDERS,
  type DisorderDefinition,
} from '../data/diagnostic-disorders.js';

// ---- matching -----------------------------------------------------------------------------------

const NEGATION =
  /\b(?:nega|negou|negam|sem|nao|nunca|nenhum|nenhuma|ausencia de|ausente|descarta|descartad[oa]|nem)\b/;

function cueSource(cue: string): string {
  const folded = fold(cue).trim();
  const prefix = folded.endsWith('*');
  // Hyphens and spaces first: the number pattern put in for '#' has its own.
  const body = escapeRegExp(prefix ? folded.slice(0, -1) : folded)
    .replace(/-/g, '[- ]?')
    .replace(/\s+/g, ' ')
    .replace(/#/g, NUMBER_SOURCE);
  // The text is collapsed to single spaces first, so single spaces suffice: every quantifier
  // of the pattern is bounded, and the scan is linear on any input.
  return `\\b${body}${prefix ? '[a-z]{0,30}' : '(?![a-z0-9])'}`;
}

interface CompiledCriterion {
  criterion: Criterion;
  re: RegExp;
}
const COMPILED: readonly { disorder: DisorderDefinition; criteria: CompiledCriterion[] }[] =
  DISORDERS.map((disorder) => ({
    disorder,
    criteria: disorder.criteria.map((criterion) => ({
      criterion,
      re: new RegExp(`(?:${criterion.cues.map(cueSource).join('|')})`, 'g'),
    })),
  }));

/** Whether the cue at `index` is negated within its clause ('nega ideação suicida'). */
function isNegated(folded: string, index: number): boolean {
  const windowStart = Math.max(0, index - 40);
  const before = folded.slice(windowStart, index);
  const clauseBreak = Math.max(
    before.lastIndexOf('.'),
    before.lastIndexOf(','),
    before.lastIndexOf(';'),
    before.lastIndexOf(':'),
    before.lastIndexOf('\n'),
    before.lastIndexOf(' mas '),
    before.lastIndexOf(' porem '),
  );
  return NEGATION.test(clauseBreak >= 0 ? before.slice(clauseBreak + 1) : before);
}

/** The first non-negated occurrence of the criterion's cues, as it appears in the text. */
function findEvidence(re: RegExp, text: string, folded: string): string | null {
  re.lastIndex = 0;
  for (let m = re.exec(folded); m; m = re.exec(folded)) {
    if (!isNegated(folded, m.index)) return text.slice(m.index, m.index + m[0].length);
    if (m[0].length === 0) re.lastIndex++;
  }
  return null;
}

const LIKELIHOOD_RANK: Readonly<Record<Likelihood, number>> = { alta: 0, moderada: 1, baixa: 2 };

export function likelihoodFromShare(share: number): Likelihood {
  if (share >= 0.6) return 'alta';
  if (share >= 0.35) return 'moderada';
  return 'baixa';
}

export function likelihoodRank(likelihood: string): number {
  return LIKELIHOOD_RANK[likelihood as Likelihood] ?? 3;
}

export interface OfflineDiagnosticAnalysis {
  analysis: string;
  hypotheses: DiagnosticHypothesis[];
}

/** Renders hypotheses as the analysis text the clinician reads, ending with the disclaimer. */
export function renderDiagnosticAnalysis(
  hypotheses: readonly DiagnosticHypothesis[],
  evidence?: ReadonlyMap<string, string>,
): string {
  const lines = ['ANÁLISE DIAGNÓSTICA (CID-10)', ''];
  if (hypotheses.length === 0) {
    lines.push(NO_HYPOTHESIS_TEXT);
  } else {
    hypotheses.forEach((h, i) => {
      const total = h.criteriaMet.length + h.criteriaMissing.length;
      lines.push(
        `${i + 1}. ${h.name} (${h.code}) — probabilidade ${h.likelihood}` +
          (total > 0 ? ` (${h.criteriaMet.length} de ${total} critérios)` : ''),
      );
      lines.push('Critérios presentes:');
      if (h.criteriaMet.length === 0) lines.push('- Nenhum identificado no texto');
      for (const c of h.criteriaMet) {
        const quote = evidence?.get(`${h.code}\u0000${c}`);
        lines.push(`- ${c}${quote ? ` (“${quote}”)` : ''}`);
      }
      lines.push('Critérios ausentes ou não relatados:');
      if (h.criteriaMissing.length === 0) lines.push('- Nenhum');
      for (const c of h.criteriaMissing) lines.push(`- ${c}`);
      lines.push('');
    });
    lines.pop();
  }
  lines.push('', DIAGNOSTIC_DISCLAIMER);
  return lines.join('\n');
}

/** Sorts by likelihood (alta first), keeping the given order among equals. */
export function sortHypotheses<T extends { likelihood: string }>(hypotheses: readonly T[]): T[] {
  return hypotheses
    .map((h, i) => ({ h, i }))
    .sort((a, b) => likelihoodRank(a.h.likelihood) - likelihoodRank(b.h.likelihood) || a.i - b.i)
    .map(({ h }) => h);
}

export function analyseOffline(
  rawText: string,
  additionalContext?: string | null,
): OfflineDiagnosticAnalysis {
  const joined = additionalContext?.trim() ? `${rawText}\n${additionalContext}` : rawText;
  const text = joined.replace(/[ \t\u00a0]{1,1000}/g, ' ');
  const folded = fold(text);
  const scored: { hypothesis: DiagnosticHypothesis; share: number; order: number }[] = [];
  const evidence = new Map<string, string>();
  COMPILED.forEach(({ disorder, criteria }, order) => {
    const met: string[] = [];
    const missing: string[] = [];
    let keyMet = false;
    for (const { criterion, re } of criteria) {
      const quote = findEvidence(re, text, folded);
      if (quote === null) {
        missing.push(criterion.statement);
        continue;
      }
      met.push(criterion.statement);
      evidence.set(`${disorder.code}\u0000${criterion.statement}`, quote);
      if (criterion.key) keyMet = true;
    }
    if (!keyMet || met.length < 2) return;
    const share = met.length / criteria.length;
    scored.push({
      hypothesis: {
        name: disorder.name,
        code: disorder.code,
        criteriaMet: met,
        criteriaMissing: missing,
        likelihood: likelihoodFromShare(share),
      },
      share,
      order,
    });
  });
  scored.sort(
    (a, b) =>
      likelihoodRank(a.hypothesis.likelihood) - likelihoodRank(b.hypothesis.likelihood) ||
      b.share - a.share ||
      b.hypothesis.criteriaMet.length - a.hypothesis.criteriaMet.length ||
      a.order - b.order,
  );
  const hypotheses = scored.map((s) => s.hypothesis);
  return { analysis: renderDiagnosticAnalysis(hypotheses, evidence), hypotheses };
}
