import { normalizeForMatch } from './controlled-drugs.js';
import type { DocumentDraft } from './offline-documents.js';

/**
 * The admin's template of a document type (an active `document_template` of the 'Templates IA'
 * tab, docs/documents.md "Templates IA"). The model is given its text; offline, its headings
 * order the document and the text under a heading is added under it. Neither way can it remove
 * what the document must carry: the patient's identification, the date and the professional's
 * signature block are put back by the server (`withRequiredFields`).
 */
export interface DocumentTemplate {
  name: string;
  prompt: string;
}

/** Bounds on what an admin's template can put into a document or a prompt. */
export const TEMPLATE_LIMITS = {
  /** Characters of the template read (the admin API accepts up to 50,000). */
  promptChars: 8_000,
  /** Headings read from a template. */
  sections: 20,
  headingChars: 80,
  /** Characters of fixed text under one heading. */
  fixedTextChars: 2_000,
  nameChars: 200,
} as const;

/** One heading of a template and the fixed text written under it (possibly empty). */
export interface TemplateSection {
  heading: string;
  fixedText: string;
}

// Control and invisible formatting characters (bidirectional overrides, zero-width marks) would
// print as garbage or hide text in a PDF: only letters, marks, punctuation, spaces, line breaks
// and tabs of an admin's template reach a document.
function printable(codePoint: number): boolean {
  if (codePoint === 0x0a || codePoint === 0x09) return true;
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return false;
  if (codePoint >= 0x200b && codePoint <= 0x200f) return false;
  if (codePoint >= 0x202a && codePoint <= 0x202e) return false;
  if (codePoint >= 0x2066 && codePoint <= 0x2069) return false;
  return codePoint !== 0xfeff;
}

/** Admin text as a document may print it: plain characters only, bounded, trimmed. */
export function cleanTemplateText(text: string, maxChars: number): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (printable(ch.codePointAt(0) ?? 0)) out += ch;
    if (out.length >= maxChars) break;
  }
  return out.slice(0, maxChars).trim();
}

/** The template as the model reads it: cleaned and bounded. */
export function templateForModel(template: DocumentTemplate): DocumentTemplate {
  return {
    name: cleanTemplateText(template.name, TEMPLATE_LIMITS.nameChars),
    prompt: cleanTemplateText(template.prompt, TEMPLATE_LIMITS.promptChars),
  };
}

/**
 * A heading line of a template: "# Título" (Markdown, any level), "Título:" alone on its line,
 * or a line in capitals ("EXAMES SOLICITADOS"). Anything else is text.
 */
function headingOf(line: string): string | undefined {
  const t = line.trim();
  if (t.length < 2) return undefined;
  const markdown = /^#{1,6}[ \t]+(\S.*)$/.exec(t);
  let heading: string | undefined;
  if (markdown) heading = markdown[1];
  else if (t.length <= TEMPLATE_LIMITS.headingChars + 1 && /^[^:]+:$/.test(t))
    heading = t.slice(0, -1);
  else if (
    t.length <= TEMPLATE_LIMITS.headingChars &&
    /\p{Lu}/u.test(t) &&
    t === t.toLocaleUpperCase('pt-BR') &&
    !/^[-•*\d]/.test(t)
  )
    heading = t;
  heading = heading?.replace(/:\s*$/, '').trim().slice(0, TEMPLATE_LIMITS.headingChars).trim();
  return heading && /\p{L}/u.test(heading) ? heading : undefined;
}

/**
 * The headings of a template, in order, each with the text under it. Lines before the first
 * heading are instructions for the model and shape nothing offline.
 */
export function templateOutline(prompt: string): TemplateSection[] {
  const sections: { heading: string; lines: string[] }[] = [];
  let current: { heading: string; lines: string[] } | undefined;
  for (const line of cleanTemplateText(prompt, TEMPLATE_LIMITS.promptChars).split('\n')) {
    const heading = headingOf(line);
    if (heading) {
      if (sections.length >= TEMPLATE_LIMITS.sections) break;
      current = { heading, lines: [] };
      sections.push(current);
    } else current?.lines.push(line.trimEnd());
  }
  return sections.map((s) => ({
    heading: s.heading,
    fixedText: s.lines.join('\n').trim().slice(0, TEMPLATE_LIMITS.fixedTextChars).trim(),
  }));
}

const key = (heading: string) => normalizeForMatch(heading);
const SIGNATURE = 'assinatura';
const PATIENT = 'paciente';

/**
 * The offline document shaped by a template: the sections the template names come in its order
 * and with its wording, each followed by the template's text under that heading; a heading the
 * document has no section for appears only when the template gives it text. Nothing is dropped:
 * sections the template does not name stay (the patient's identification first, the rest after
 * the template's), and the signature block is always last and always the server's.
 */
export function shapeWithTemplate(draft: DocumentDraft, outline: TemplateSection[]): DocumentDraft {
  if (outline.length === 0) return draft;
  const body = draft.sections.filter((s) => key(s.heading) !== SIGNATURE);
  const signature = draft.sections.filter((s) => key(s.heading) === SIGNATURE);
  const used = new Set<number>();
  const shaped: DocumentDraft['sections'] = [];
  for (const t of outline) {
    if (key(t.heading) === SIGNATURE) continue;
    const i = body.findIndex((s, k) => !used.has(k) && key(s.heading) === key(t.heading));
    const section = body[i];
    if (section) {
      used.add(i);
      const content = t.fixedText ? `${section.content}\n${t.fixedText}` : section.content;
      shaped.push({ heading: t.heading, content });
    } else if (t.fixedText) shaped.push({ heading: t.heading, content: t.fixedText });
  }
  const rest = body.filter((_, k) => !used.has(k));
  const lead = rest.filter((s) => key(s.heading) === PATIENT);
  const others = rest.filter((s) => key(s.heading) !== PATIENT);
  return { title: draft.title, sections: [...lead, ...shaped, ...others, ...signature] };
}

/** What a document must carry whatever a template or a model made of it. */
export interface RequiredFields {
  title: string;
  patientName: string;
  /** The patient's identification as the offline document writes it. */
  patient: { heading: string; content: string };
  /** The server's signature block: date, line, professional's name and registry. */
  signature: { heading: string; content: string };
}

/**
 * Puts back what a templated document may not lose (docs/documents.md): the patient's
 * identification when the document does not name the patient, and the server's signature block
 * (date of issue, the professional's name and registry) as its last section, replacing any
 * signature the model wrote.
 */
export function withRequiredFields(draft: DocumentDraft, required: RequiredFields): DocumentDraft {
  const sections = draft.sections.filter((s) => key(s.heading) !== SIGNATURE);
  const text = key(sections.map((s) => `${s.heading}\n${s.content}`).join('\n'));
  const namesPatient = required.patientName
    ? text.includes(key(required.patientName))
    : sections.some((s) => key(s.heading) === PATIENT);
  return {
    title: draft.title.trim() || required.title,
    sections: [...(namesPatient ? [] : [required.patient]), ...sections, required.signature],
  };
}
