import { NUMBER_WORDS } from '@pv/pt-text';
import { headingName, isNoteHeading } from '../note-text/headings.js';
import { normalizeForMatch } from './controlled-drugs.js';

/**
 * What the documents need from a formatted note (the text the formatting service renders:
 * a title, a "Paciente: ... | Idade: ... | Sexo: ..." line, then UPPERCASE headings each followed
 * by its content). Clinicians edit that text, so everything here is best effort.
 */
export interface Consultation {
  patient: { name: string; age: string; gender: string };
  complaint: string;
  history: string;
  exam: string;
  diagnosis: string;
  plan: string;
  observations: string;
  cid: string;
  medications: ParsedMedication[];
  exams: string[];
  returnIn: string;
  daysOff: number | undefined;
  /** Every section as written, for documents that summarise the whole note. */
  sections: { heading: string; content: string }[];
}

export interface ParsedMedication {
  /** The whole line as dictated, e.g. 'Clonazepam 2 mg, tomar 1 comprimido à noite'. */
  text: string;
  name: string;
  dosage: string;
  instructions: string;
  quantity: string;
  unit: string;
}

const NOT_INFORMED = 'Não informado';
const informed = (value: string | undefined) =>
  value && value.trim() !== '' && value.trim() !== NOT_INFORMED ? value.trim() : '';

const SECTION_KEYS: [keyof Consultation, RegExp][] = [
  ['complaint', /queixa|motivo/],
  ['history', /historia|anamnese|evolucao/],
  ['exam', /exame fisico|exame do estado|sinais vitais/],
  ['diagnosis', /hipotese|diagnost|impressao|avaliacao/],
  ['plan', /conduta|tratamento|plano|prescri|intervenc|encaminhamento/],
  ['observations', /observa|orientac|recomendac/],
];

// Every number starts where a digit run starts (`(?<!\d)`): otherwise `\d+` is tried from each
// position of a long run of digits and re-scans the rest of it each time (quadratic, issue 15).
const DOSE = /(?<!\d)\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|g|ml|mL|ui|UI|gotas?|%)\b/i;

// A run of separators is matched only from where it starts (`(?<![,\s])`): an end-anchored
// `[,\s]+$` is otherwise tried from every position of a long run and re-scans the rest of it
// each time (quadratic, found by the hostile-input audit).
const TRAILING_COMMAS = /(?<![,\s])[,\s]+$/;

function toNumber(token: string): number | undefined {
  if (/^\d+$/.test(token)) return Number(token);
  return NUMBER_WORDS.get(normalizeForMatch(token));
}

/** "Clonazepam 2 mg, tomar 1 comprimido à noite por 30 dias" -> its parts. */
export function parseMedicationLine(
  line: string,
  isDrug: (text: string) => boolean,
): ParsedMedication | undefined {
  const text = line
    .replace(/^[-•*\d.)\s]+/, '')
    .trim()
    .replace(/[.;]$/, '');
  if (!text || !(DOSE.test(text) || isDrug(text))) return undefined;
  const dose = text.match(DOSE);
  const name = (dose ? text.slice(0, dose.index) : (text.split(/[,;]/)[0] ?? text))
    .replace(/\b(prescrevo|prescrito|iniciar|inicio|manter|usar|tomar)\b/gi, '')
    .replace(TRAILING_COMMAS, '')
    .trim();
  const dosage = dose ? dose[0].replace(/\s+/g, ' ') : '';
  const instructions = (
    dose ? text.slice((dose.index ?? 0) + dose[0].length) : text.slice(name.length)
  )
    .replace(/^[\s,;:-]+/, '')
    .trim();
  // Quantity for the dispensing: "por 30 dias" with "1 comprimido" per dose -> 30 comprimidos.
  const per = instructions.match(
    /((?<!\d)\d+|um|uma|dois|duas)\s+(comprimidos?|c[aá]psulas?|gotas?|ampolas?|ml)/i,
  );
  const days = instructions.match(/por\s+(\d+)\s+dias?/i);
  const perDose = per ? (toNumber(per[1]!) ?? 1) : 1;
  const timesPerDay = /(?<!\d)(\d+)\s*\/\s*(\d+)\s*h/.exec(instructions)
    ? Math.max(1, Math.round(24 / Number(/(?<!\d)(\d+)\s*\/\s*(\d+)\s*h/.exec(instructions)![2])))
    : /((?<!\d)\d+|duas|tr[eê]s)\s+vezes/i.test(instructions)
      ? (toNumber(instructions.match(/((?<!\d)\d+|duas|tr[eê]s)\s+vezes/i)![1]!) ?? 1)
      : 1;
  let unit = per ? per[2]!.toLowerCase() : 'comprimidos';
  let quantity = '';
  if (days) {
    const total = perDose * timesPerDay * Number(days[1]);
    quantity = String(total);
    if (total > 1 && !unit.endsWith('s') && unit !== 'ml') unit = `${unit}s`;
  }
  return { text, name: name || text, dosage, instructions, quantity, unit };
}

/** Splits a plan into candidate lines: bullets, then sentences. */
function planLines(plan: string): string[] {
  return plan
    .split('\n')
    .flatMap((line) =>
      /^\s*[-•*]|^\s*\d+[.)]/.test(line) ? [line] : line.split(/(?<=\.)\s+(?=\p{Lu})/u),
    )
    .map((l) => l.trim())
    .filter(Boolean);
}

function extractExams(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    // At a word start only, with bounded blanks between the optional words: `\p{L}*` re-scanned
    // a long word from each "solicit" inside it, and with `\s*` on both sides of an optional
    // word a long run of blanks was split every possible way before failing (both quadratic).
    /(?<!\p{L})solicit\p{L}*\s{1,3}(?:os?\s{1,3}|as?\s{1,3})?(?:seguintes\s{1,3})?(?:exames?\s{0,3}(?:de|:)?\s{0,3})?([^.\n]+)/giu,
  )) {
    // " e " is looked for only where a run of blanks starts (`(?<!\s)`), not from each of its
    // positions.
    for (const item of match[1]!.split(/,|;|(?<!\s)\s+e\s+/)) {
      const exam = item.trim().replace(/^(de|do|da)\s+/i, '');
      if (exam && exam.length < 80)
        found.push(exam.charAt(0).toLocaleUpperCase('pt-BR') + exam.slice(1));
    }
  }
  return [...new Set(found)];
}

function extractDaysOff(text: string): number | undefined {
  const n = normalizeForMatch(text);
  // The count is a bounded word at a word start: an unbounded `(\d+|\w+)` before " dias" is
  // tried from every position of a long word and re-scans it each time (quadratic, issue 15).
  const match =
    n.match(/afastamento (?:de |por )?(\d{1,3}|[a-z]{1,12}) dias?/) ??
    n.match(/\b(\d{1,3}|[a-z]{1,12}) dias? de (?:afastamento|repouso|licenca)/) ??
    n.match(/repouso (?:de |por )?(\d{1,3}|[a-z]{1,12}) dias?/);
  return match ? toNumber(match[1]!) : undefined;
}

export function parseConsultation(text: string, isDrug: (text: string) => boolean): Consultation {
  const lines = text.split(/\r?\n/);
  const patientLine = lines.find((l) => /paciente\s*:/i.test(l)) ?? '';
  const field = (label: string) =>
    informed(patientLine.match(new RegExp(`${label}\\s*:\\s*([^|\\n]+)`, 'i'))?.[1]);
  const sections: { heading: string; content: string }[] = [];
  let current: { heading: string; content: string[] } | undefined;
  for (const line of lines) {
    if (isNoteHeading(line) && line !== lines[0]) {
      if (current)
        sections.push({ heading: current.heading, content: current.content.join('\n').trim() });
      current = { heading: headingName(line), content: [] };
    } else if (current) current.content.push(line);
  }
  if (current)
    sections.push({ heading: current.heading, content: current.content.join('\n').trim() });

  const byKey: Partial<Record<keyof Consultation, string>> = {};
  for (const section of sections) {
    const heading = normalizeForMatch(section.heading);
    const key = SECTION_KEYS.find(([, pattern]) => pattern.test(heading))?.[0];
    const content = informed(section.content);
    if (key && content && !byKey[key]) byKey[key] = content;
  }
  // A note without headings (typed by hand): the whole text is the plan.
  const plan = byKey.plan ?? (sections.length === 0 ? text : '');
  const medications = planLines(plan)
    .map((line) => parseMedicationLine(line, isDrug))
    .filter((m): m is ParsedMedication => m !== undefined);
  const cid =
    text
      .match(/\bCID(?:-?10)?\s{0,3}:?\s{0,3}([A-TV-Z]\d{2}(?:\.\d{1,2})?)/i)?.[1]
      ?.toUpperCase() ?? '';
  const returnIn = text.match(/retorno\s+(?:em|após|apos)\s+([^.\n]+)/i)?.[1]?.trim() ?? '';
  return {
    patient: { name: field('Paciente'), age: field('Idade'), gender: field('Sexo') },
    complaint: byKey.complaint ?? '',
    history: byKey.history ?? '',
    exam: byKey.exam ?? '',
    diagnosis: byKey.diagnosis ?? '',
    plan,
    observations: byKey.observations ?? '',
    cid,
    medications,
    exams: extractExams(text),
    returnIn,
    daysOff: extractDaysOff(text),
    sections: sections.filter((s) => informed(s.content)),
  };
}
