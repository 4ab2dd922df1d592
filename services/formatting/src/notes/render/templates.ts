/**
 * Templates and instructions without a model: an offline note put under a custom template's
 * headings, and the admin's specialty template and system instructions applied where they can
 * shape a note made without a model (headings, section order, mandatory sections). The rules are
 * documented in docs/offline-formatter.md.
 */
import { type FormattedNote, NOT_INFORMED, type NoteSection } from '@pv/contracts';
import { fold } from '@pv/pt-text';
import { buildMultiPatientSummary, renderMultiPatient, renderNote } from './render.js';
import {
  BROADER,
  type HeadingKind,
  headingKind,
  parseTemplateHeadings,
  sectionKind,
} from './template-headings.js';

export { parseTemplateHeadings } from './template-headings.js';

/** A template as its author wrote it: one heading per line ('Queixa:', '## Plano', 'CONDUTA'...). */
export interface NoteTemplate {
  name: string;
  content: string;
}

/** An active system instruction of the admin console, in display order. */
export interface SystemInstruction {
  title: string;
  content: string;
}

/** What may shape an offline note (the same inputs the model's prompt receives). */
export interface OfflineShaping {
  /** The user's custom template (Premium): its headings become the note's sections. */
  customTemplate?: NoteTemplate | null;
  /** The admin's template for the specialty: used like a custom template when it has headings. */
  specialtyTemplate?: string | null;
  systemInstructions?: readonly SystemInstruction[];
}

/** One change made to the note, for logs and tests (no patient data in it). */
export type ShapingStep =
  | { kind: 'template'; source: 'custom' | 'specialty'; headings: number }
  | { kind: 'order'; headings: string[] }
  | { kind: 'mandatory'; heading: string }
  | { kind: 'rename'; from: string; to: string };

/** Heading of the last section, for what fits no heading of the template. */
export const CATCH_ALL_HEADING = 'Outras informações';

const significantWords = (text: string) =>
  new Set(
    (fold(text).match(/[a-z]{4,}/g) ?? []).filter(
      (w) => !['para', 'pela', 'pelo', 'sobre'].includes(w),
    ),
  );

/** How well a note's section fits a template heading (0: not at all). */
function fit(section: NoteSection, sectionType: HeadingKind | null, heading: string): number {
  const headingType = headingKind(heading);
  const words = significantWords(heading);
  let overlap = 0;
  for (const w of significantWords(section.heading)) if (words.has(w)) overlap++;
  let score = overlap * 3;
  if (sectionType !== null && headingType === sectionType) score += 2;
  else if (
    sectionType !== null &&
    headingType !== null &&
    BROADER[sectionType]?.includes(headingType)
  )
    score += 1;
  return score;
}

const slug = (heading: string, used: Set<string>) => {
  const words = fold(heading).match(/[a-z0-9]+/g) ?? ['secao'];
  let key = words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  let n = 2;
  while (used.has(key)) key = `${words.join('')}${n++}`;
  used.add(key);
  return key;
};

/**
 * The note with the template's headings as its sections, in the template's order. Each section
 * of the note goes under the heading that fits it best: same words ('Conduta' under 'Conduta'),
 * else the same kind ('Plano' takes the plan, 'Objetivo' the exam, 'Subjetivo' the complaint and
 * the history, 'Avaliação'/'Impressão' the hypothesis...). A heading nothing fits reads 'Não
 * informado'; what fits no heading goes under a last 'Outras informações', so nothing is lost.
 * A template with no heading leaves the note as it is.
 */
export function renderWithTemplate(
  note: FormattedNote,
  template: NoteTemplate | string,
): FormattedNote {
  const headings = parseTemplateHeadings(
    typeof template === 'string' ? template : template.content,
  );
  if (headings.length === 0) return note;
  const buckets = headings.map(() => [] as NoteSection[]);
  const leftover: NoteSection[] = [];
  for (const section of note.sections) {
    if (section.content.trim() === '' || section.content === NOT_INFORMED) continue;
    const type = sectionKind(note.professional, section.key, section.heading);
    let best = -1;
    let bestScore = 0;
    headings.forEach((heading, i) => {
      const score = fit(section, type, heading);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    if (best >= 0) buckets[best]?.push(section);
    else leftover.push(section);
  }
  const used = new Set<string>();
  const join = (list: readonly NoteSection[]) =>
    list.length === 1
      ? (list[0] as NoteSection).content
      : list.map((s) => `${s.heading}: ${s.content}`).join('\n');
  const sections: NoteSection[] = headings.map((heading, i) => {
    const list = buckets[i] ?? [];
    return {
      key: slug(heading, used),
      heading,
      content: list.length > 0 ? join(list) : NOT_INFORMED,
    };
  });
  if (leftover.length > 0) {
    sections.push({
      key: slug(CATCH_ALL_HEADING, used),
      heading: CATCH_ALL_HEADING,
      content: join(leftover),
    });
  }
  return withText({ ...note, sections });
}

function withText(note: FormattedNote): FormattedNote {
  return { ...note, text: renderNote(note) };
}

// ---- system instructions --------------------------------------------------------------------------

/** 'Ordem das seções: A, B, C' (also 'ordem:', 'sequência das seções:'). */
const ORDER =
  /\b(?:ordem|sequencia)(?: d[ao]s? (?:secoes|topicos|campos))?\s{0,3}:\s{0,3}([^\n]{1,600})/;
/** 'Seções obrigatórias: A, B' / 'sempre incluir a seção X' / 'incluir sempre: X'. */
const MANDATORY_LIST = /\b(?:secoes|topicos|campos) obrigatori[oa]s\s{0,3}:\s{0,3}([^\n]{1,600})/;
const MANDATORY_ONE =
  /\b(?:sempre incluir|incluir sempre|inclua sempre|sempre inclua)(?: a secao| o topico| o campo)?\s{0,3}:?\s{0,3}["'“]?([^"'”\n.;]{2,80})/g;
/** "Renomear 'Conduta' para 'Plano terapêutico'" / "use 'Plano' em vez de 'Conduta'". */
const RENAME =
  /\brenome(?:ar|ie)\s{1,3}["'“]([^"'”\n]{1,80})["'”]\s{1,3}para\s{1,3}["'“]([^"'”\n]{1,80})["'”]/gi;
const INSTEAD =
  /\buse\s{1,3}["'“]([^"'”\n]{1,80})["'”]\s{1,3}em vez de\s{1,3}["'“]([^"'”\n]{1,80})["'”]/gi;

/** The items of a list said in one line: 'A, B e C' -> ['A', 'B', 'C']. */
function listItems(text: string): string[] {
  return text
    .split(/,|;| e (?=[A-ZÀ-Þa-zà-ÿ])/)
    .map((s) => s.replace(/["'“”.]/g, '').trim())
    .filter((s) => s !== '' && s.length <= 80);
}

/** The index of the section a heading names (same words first, then the same kind), or -1. */
function findSection(sections: readonly NoteSection[], heading: string): number {
  const wanted = fold(heading).trim();
  const exact = sections.findIndex((s) => fold(s.heading).trim() === wanted);
  if (exact >= 0) return exact;
  const words = significantWords(heading);
  let best = -1;
  let bestScore = 0;
  sections.forEach((s, i) => {
    let score = 0;
    for (const w of significantWords(s.heading)) if (words.has(w)) score += 3;
    const kind = headingKind(heading);
    if (kind !== null && kind === headingKind(s.heading)) score += 1;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/**
 * Applies what system instructions say about the structure of the note, in the order given:
 * renames ("renomear 'Conduta' para 'Plano'"), the section order ('Ordem das seções: ...'; the
 * sections named go first, in that order, the others keep theirs after them) and mandatory
 * sections ('Seções obrigatórias: ...', 'sempre incluir a seção ...'; a missing one is added,
 * reading 'Não informado'). Instructions about style or wording need a model and are ignored here.
 */
export function applySystemInstructions(
  note: FormattedNote,
  instructions: readonly SystemInstruction[],
): { note: FormattedNote; applied: ShapingStep[] } {
  let sections = [...note.sections];
  const applied: ShapingStep[] = [];
  const used = new Set(sections.map((s) => s.key));
  for (const instruction of instructions) {
    const content = instruction.content.slice(0, 4000);
    const folded = fold(content);
    for (const re of [RENAME, INSTEAD]) {
      re.lastIndex = 0;
      for (let m = re.exec(content); m; m = re.exec(content)) {
        const [from, to] = re === RENAME ? [m[1], m[2]] : [m[2], m[1]];
        if (!from || !to) continue;
        const i = findSection(sections, from);
        if (i < 0) continue;
        sections[i] = { ...(sections[i] as NoteSection), heading: to.trim() };
        applied.push({ kind: 'rename', from: from.trim(), to: to.trim() });
      }
    }
    const order = ORDER.exec(folded);
    if (order?.index !== undefined) {
      const items = listItems(
        content.slice(order.index + order[0].length - (order[1]?.length ?? 0)),
      );
      const picked: NoteSection[] = [];
      for (const item of items) {
        const i = findSection(sections, item);
        if (i >= 0 && !picked.includes(sections[i] as NoteSection))
          picked.push(sections[i] as NoteSection);
      }
      if (picked.length > 0) {
        sections = [...picked, ...sections.filter((s) => !picked.includes(s))];
        applied.push({ kind: 'order', headings: picked.map((s) => s.heading) });
      }
    }
    // Mandatory sections, in the order the instruction names them.
    const mandatory: { at: number; heading: string }[] = [];
    const list = MANDATORY_LIST.exec(folded);
    if (list?.index !== undefined) {
      const start = list.index + list[0].length - (list[1]?.length ?? 0);
      for (const heading of listItems(content.slice(start, list.index + list[0].length))) {
        mandatory.push({ at: start, heading });
      }
    }
    MANDATORY_ONE.lastIndex = 0;
    for (let m = MANDATORY_ONE.exec(folded); m; m = MANDATORY_ONE.exec(folded)) {
      const start = m.index + m[0].length - (m[1]?.length ?? 0);
      mandatory.push({
        at: start,
        heading: content.slice(start, start + (m[1]?.length ?? 0)).trim(),
      });
    }
    mandatory.sort((a, b) => a.at - b.at);
    for (const { heading } of mandatory) {
      if (findSectionExactly(sections, heading)) continue;
      sections.push({ key: slug(heading, used), heading, content: NOT_INFORMED });
      applied.push({ kind: 'mandatory', heading });
    }
  }
  if (applied.length === 0) return { note, applied };
  return { note: withText({ ...note, sections }), applied };
}

/** A section with this heading, or one of the same words (not merely of the same kind). */
function findSectionExactly(sections: readonly NoteSection[], heading: string): boolean {
  const wanted = significantWords(heading);
  return sections.some((s) => {
    const have = significantWords(s.heading);
    return fold(s.heading).trim() === fold(heading).trim() || [...wanted].every((w) => have.has(w));
  });
}

/**
 * Shapes an offline note like the prompt would shape a model's: the custom template if any, else
 * the admin's specialty template when it has headings, then the system instructions.
 */
export function shapeOfflineNote(
  note: FormattedNote,
  shaping: OfflineShaping,
): { note: FormattedNote; applied: ShapingStep[] } {
  const applied: ShapingStep[] = [];
  let shaped = note;
  const custom = shaping.customTemplate;
  const specialty = shaping.specialtyTemplate?.trim() ?? '';
  if (custom && custom.content.trim() !== '') {
    const headings = parseTemplateHeadings(custom.content).length;
    if (headings > 0) {
      shaped = renderWithTemplate(shaped, custom);
      applied.push({ kind: 'template', source: 'custom', headings });
    }
  } else if (specialty !== '') {
    const headings = parseTemplateHeadings(specialty).length;
    // A specialty prompt is often prose for the model: only a list of headings shapes the note.
    if (headings >= 2) {
      shaped = renderWithTemplate(shaped, specialty);
      applied.push({ kind: 'template', source: 'specialty', headings });
    }
  }
  const instructed = applySystemInstructions(shaped, shaping.systemInstructions ?? []);
  return { note: instructed.note, applied: [...applied, ...instructed.applied] };
}

/** `shapeOfflineNote` for a whole result: one note, or each patient (the summary rebuilt). */
export function shapeOfflineResult<
  R extends {
    formatted?: FormattedNote;
    patients?: FormattedNote[];
    summary?: string;
    text: string;
  },
>(result: R, shaping: OfflineShaping): R {
  if (result.formatted) {
    const { note } = shapeOfflineNote(result.formatted, shaping);
    return { ...result, formatted: note, text: note.text };
  }
  if (result.patients) {
    const patients = result.patients.map((p) => shapeOfflineNote(p, shaping).note);
    const summary = result.summary ?? buildMultiPatientSummary(patients);
    return { ...result, patients, summary, text: renderMultiPatient(patients, summary) };
  }
  return result;
}
