import { fold } from '@pv/pt-text';
/**
 * Reading the headings of a template written as free text, and telling what kind of content a
 * heading asks for. Used to put an offline note under a custom template's headings (templates.ts).
 */

/** What a heading is for; a note's section and a template's heading meet through it. */
export type HeadingKind =
  | 'identification'
  | 'complaint'
  | 'history'
  | 'background'
  | 'subjective'
  | 'exam'
  | 'results'
  | 'objective'
  | 'assessment'
  | 'plan'
  | 'followUp'
  | 'observations';

/**
 * Words that mark each kind, folded. A heading takes the kind of its most specific word: the
 * list is in priority order ('queixa principal' is a complaint before 'subjetivo').
 */
const KIND_WORDS: readonly [HeadingKind, readonly string[]][] = [
  [
    'identification',
    ['identificacao', 'dados do paciente', 'dados pessoais', 'dados do trabalhador'],
  ],
  ['complaint', ['queixa principal', 'queixa', 'motivo', 'demanda', 'qp']],
  ['followUp', ['retorno', 'seguimento', 'proxima visita', 'reavaliacao']],
  [
    'results',
    ['exames complementares', 'exames laboratoriais', 'resultados', 'bioquimicos', 'laboratorio'],
  ],
  [
    'background',
    [
      'antecedentes',
      'pregressa',
      'hpp',
      'medicacoes em uso',
      'medicamentos em uso',
      'habitos',
      'historia familiar',
      'historia social',
      'contexto',
      'composicao familiar',
      'socioeconomica',
      'habitacao',
      'rede de apoio',
      'ocupacional',
      'riscos',
      'alergias',
    ],
  ],
  [
    'history',
    ['historia da doenca atual', 'hda', 'historia', 'evolucao', 'anamnese', 'relato', 'historico'],
  ],
  ['subjective', ['subjetivo']],
  [
    'exam',
    ['exame', 'fisico', 'sinais vitais', 'antropometr', 'estado mental', 'achados', 'ectoscopia'],
  ],
  ['objective', ['objetivo']],
  [
    'assessment',
    [
      'avaliacao',
      'impressao',
      'hipotese',
      'diagnostic',
      'conclusao',
      'analise',
      'aptidao',
      'parecer',
    ],
  ],
  [
    'plan',
    [
      'plano',
      'conduta',
      'tratamento',
      'prescricao',
      'orientac',
      'recomendac',
      'encaminhamento',
      'intervenc',
      'implementac',
      'planejamento',
    ],
  ],
  ['observations', ['observac', 'outras', 'notas', 'comentarios', 'informacoes adicionais']],
];

/** Kinds a broader heading also takes ('Subjetivo' takes the complaint and the history). */
export const BROADER: Readonly<Partial<Record<HeadingKind, readonly HeadingKind[]>>> = {
  complaint: ['subjective', 'history'],
  history: ['subjective'],
  background: ['subjective', 'history'],
  exam: ['objective'],
  results: ['objective', 'exam'],
  followUp: ['plan'],
  identification: ['observations'],
};

/** SOAP headings written as their letter alone ('S:', 'O:', 'A:', 'P:'). */
const SOAP_LETTERS: Readonly<Record<string, HeadingKind>> = {
  s: 'subjective',
  o: 'objective',
  a: 'assessment',
  p: 'plan',
};

/** The kind of a heading (by its words), or null. */
export function headingKind(heading: string): HeadingKind | null {
  const bare = fold(heading)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const letter = SOAP_LETTERS[bare];
  if (letter) return letter;
  const folded = ` ${bare} `;
  for (const [kind, words] of KIND_WORDS) {
    for (const w of words) {
      // A word, or a word's stem ('diagnostic' in 'diagnóstica').
      if (folded.includes(` ${w}`)) return kind;
    }
  }
  return null;
}

const MAX_HEADING = 80;
const MARKDOWN = /^#{1,6}\s{0,3}(.{1,80}?)\s{0,3}#{0,6}$/;
const BOLD = /^\*\*(.{1,80}?)\*\*:?\s{0,3}(.{0,400})$/;
const NUMBERED = /^(?:\d{1,2}|[a-zA-Z])[.)]\s{1,3}(.{1,80})$/;
const LABELLED = /^([^:]{1,80}):\s{0,3}(.{0,400})$/;
/** Placeholder contents a template writes after a heading ('___', '{{queixa}}', '[...]'). */
const PLACEHOLDER = /^(?:[_.\-–—…\s]{0,200}|\{\{[^}]{0,80}\}\}|\[[^\]]{0,80}\]|\([^)]{0,80}\))$/;

function cleanHeading(raw: string): string {
  return raw
    .replace(/[*_#`]{1,6}/g, '')
    .replace(/[:\s]{1,10}$/, '')
    .trim();
}

const isUpperLine = (line: string) =>
  /[A-ZÀ-Þ]/.test(line) && line === line.toLocaleUpperCase('pt-BR') && /^[^.!?]{1,80}$/.test(line);

/**
 * The headings of a template, in order. A heading is a line that is: a Markdown heading ('## Plano'),
 * bold ('**Plano**'), numbered ('1. Queixa principal'), in capitals ('CONDUTA'), or a short label
 * ending in ':' (with nothing or a placeholder after it: 'Plano:', 'Plano: ___', 'Plano: {{plano}}').
 * Lines of prose (instructions to a model) are not headings. Repeated headings count once.
 */
export function parseTemplateHeadings(content: string): string[] {
  const headings: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const heading = cleanHeading(raw);
    const key = fold(heading);
    if (heading === '' || heading.length > MAX_HEADING || seen.has(key)) return;
    // A heading says what comes, it is not a sentence.
    if (heading.split(/\s+/).length > 8) return;
    seen.add(key);
    headings.push(heading);
  };
  for (const rawLine of content.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.length > 500) continue;
    const markdown = MARKDOWN.exec(line);
    if (markdown?.[1]) {
      add(markdown[1]);
      continue;
    }
    const bold = BOLD.exec(line);
    if (bold?.[1] && PLACEHOLDER.test(bold[2] ?? '')) {
      add(bold[1]);
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered?.[1] && !/[.!?]$/.test(numbered[1])) {
      const inner = LABELLED.exec(numbered[1]);
      add(inner?.[1] ?? numbered[1]);
      continue;
    }
    const labelled = LABELLED.exec(line);
    if (labelled?.[1] && PLACEHOLDER.test(labelled[2] ?? '')) {
      add(labelled[1]);
      continue;
    }
    if (isUpperLine(line)) add(line);
  }
  return headings;
}

/** The kind of each section of the built-in notes, by key (and by profession where keys differ). */
const KEY_KIND: Readonly<Record<string, HeadingKind>> = {
  chiefComplaint: 'complaint',
  reasonForEncounter: 'complaint',
  visitReason: 'complaint',
  reason: 'complaint',
  demand: 'complaint',
  examType: 'complaint',
  historyOfPresentIllness: 'history',
  clinicalHistory: 'history',
  generalState: 'history',
  history: 'history',
  dietaryHistory: 'history',
  subjective: 'subjective',
  pastHistory: 'background',
  lifeContext: 'background',
  jobRole: 'background',
  occupationalHistory: 'background',
  riskExposure: 'background',
  currentMedications: 'background',
  homeConditions: 'background',
  caregiver: 'background',
  familyComposition: 'background',
  socioeconomic: 'background',
  housing: 'background',
  supportNetwork: 'background',
  psychiatricHistory: 'background',
  medicalAndFamilyHistory: 'background',
  personalHistory: 'background',
  physicalExam: 'exam',
  clinicalExam: 'exam',
  mentalStatusExam: 'exam',
  vitalSigns: 'exam',
  anthropometry: 'exam',
  objective: 'objective',
  complementaryExams: 'results',
  labs: 'results',
  scales: 'results',
  procedures: 'plan',
  diagnosticHypothesis: 'assessment',
  assessment: 'assessment',
  aptitude: 'assessment',
  nutritionalDiagnosis: 'assessment',
  nursingDiagnoses: 'assessment',
  analysis: 'assessment',
  conclusion: 'assessment',
  riskAssessment: 'assessment',
  clinicalSummary: 'assessment',
  plan: 'plan',
  recommendations: 'plan',
  dietPlan: 'plan',
  planning: 'plan',
  implementation: 'plan',
  opinion: 'plan',
  preventiveCare: 'plan',
  diet: 'plan',
  medications: 'plan',
  nursingCare: 'plan',
  instructions: 'plan',
  dispensing: 'plan',
  followUp: 'followUp',
  nextVisit: 'followUp',
  returnVisit: 'followUp',
  evaluation: 'followUp',
  intakeOutput: 'observations',
  incidents: 'observations',
  identification: 'identification',
  workerData: 'identification',
  observations: 'observations',
};

/** Professions whose keys mean something else ('assessment' is the nursing data collection). */
const KEY_KIND_BY_PROFESSIONAL: Readonly<Record<string, Readonly<Record<string, HeadingKind>>>> = {
  enfermeira: { assessment: 'history' },
  psicoterapia: { procedures: 'results' },
};

/** The kind of a built-in section. */
export function sectionKind(
  professional: string,
  key: string,
  heading: string,
): HeadingKind | null {
  return KEY_KIND_BY_PROFESSIONAL[professional]?.[key] ?? KEY_KIND[key] ?? headingKind(heading);
}
