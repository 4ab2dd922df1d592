/**
 * How clinicians say where they are in a note without naming the section: 'veio porque...',
 * 'é hipertenso', 'ao exame', 'penso em...', 'vou prescrever...'. Each group names a role; each
 * profile maps roles to its own sections (role-sections.ts). Data only; the rules that apply it
 * are in segment.ts and documented in docs/offline-formatter.md.
 *
 * Phrases are folded (no accents, lower case); '?' is any one word, 'word*' any word starting so.
 */

export type Role =
  | 'complaint'
  | 'history'
  | 'pastHistory'
  | 'medicationsInUse'
  | 'family'
  | 'habits'
  | 'personal'
  | 'psychiatricHistory'
  | 'exam'
  | 'results'
  | 'assessment'
  | 'plan'
  | 'followUp'
  | 'observations'
  | 'preventive'
  | 'lifeContext'
  | 'nursingDiagnosis'
  | 'nursingPlanning'
  | 'nursingImplementation'
  | 'nursingEvaluation'
  | 'generalState'
  | 'procedures'
  | 'intakeOutput'
  | 'incidents'
  | 'anthropometry'
  | 'dietaryHistory'
  | 'nutritionalDiagnosis'
  | 'dietPlan'
  | 'familyComposition'
  | 'socioeconomic'
  | 'housing'
  | 'supportNetwork'
  | 'socialAnalysis'
  | 'socialOpinion'
  | 'forensicRequest'
  | 'forensicDemand'
  | 'forensicProcedures'
  | 'forensicHistory'
  | 'forensicAnalysis'
  | 'forensicConclusion'
  | 'examType'
  | 'jobRole'
  | 'occupationalHistory'
  | 'riskExposure'
  | 'aptitude'
  | 'recommendations'
  | 'homeConditions'
  | 'caregiver'
  | 'nextVisit'
  | 'risk'
  | 'scales';

/**
 * - 'clause': starts a part at the start of a sentence or clause, and anywhere in a sentence
 *   dictated without punctuation.
 * - 'lead': only at the start of a sentence or clause, and only forwards in the note's order.
 */
export type CueMode = 'clause' | 'lead';

/**
 * - 'anamnesis': only while the note is still before the exam.
 * - 'upToExam': only while the note is not past the exam.
 * - 'beforeConclusion': only before the note's conclusions (diagnosis, plan, aptitude...).
 * - 'afterExam': only once the exam (or a later part) was reached.
 * - 'notFirst': not in the first clause of the dictation ('Retorno.' there is the visit type).
 */
export type CueCondition = 'anamnesis' | 'upToExam' | 'beforeConclusion' | 'afterExam' | 'notFirst';

export interface CueGroup {
  readonly role: Role;
  readonly mode: CueMode;
  readonly when?: CueCondition;
  /** The cue words are not content ('vou prescrever', 'ao exame'): leave them out. */
  readonly drop?: boolean;
  /** A 'lead' cue that may also start a part inside a sentence dictated without punctuation. */
  readonly runOn?: boolean;
  readonly phrases: readonly string[];
}

/** Verbs that bring the patient, and the words that then open the complaint (segment.ts). */
export const COMPLAINT_INTROS = new Set([
  'veio',
  'vem',
  'vieram',
  'procurou',
  'procura',
  'trazido',
  'trazida',
  'encaminhado',
  'encaminhada',
  'chegou',
  'chega',
  'comparece',
  'compareceu',
]);
export const COMPLAINT_OPENERS_STRONG = new Set(['porque', 'por', 'pois', 'devido', 'para']);
export const COMPLAINT_OPENERS_WEAK = new Set(['com']);
/** Verbs whose object is the complaint ('refere insônia'); not 'refere que ...'. */
export const COMPLAINT_VERBS = new Set(['refere', 'relata', 'queixa', 'apresenta']);
/** After a complaint verb, words that show what follows is not a complaint. */
export const NOT_COMPLAINT_AFTER = new Set([
  'que',
  'melhora',
  'piora',
  'melhorou',
  'piorou',
  'boa',
  'bem',
  'estar',
  'ter',
  'nao',
]);

/** In a sentence dictated without punctuation, words that start a new statement. */
export const STATEMENT_WORDS = new Set([
  'nega',
  'negou',
  'nao',
  'refere',
  'relata',
  'diz',
  'conta',
  'apresenta',
  'apresentou',
  'melhora',
  'melhorou',
  'piora',
  'piorou',
  'sente',
  'sentiu',
  'associado',
  'associada',
  'acompanhado',
  'acompanhada',
  'evolui',
  'evoluiu',
  'tem',
  'teve',
  'toma',
  'usa',
  'desde',
  'chora',
  'dorme',
  'perdeu',
  'ganhou',
]);

export const SPOKEN_CUES: readonly CueGroup[] = [
  // ---- anamnesis ------------------------------------------------------------------------------
  {
    role: 'complaint',
    mode: 'lead',
    phrases: [
      'consulta de puericultura',
      'puericultura',
      'consulta de pre natal',
      'pre natal',
      'consulta de rotina',
      'check up',
    ],
  },
  {
    role: 'history',
    mode: 'lead',
    when: 'anamnesis',
    phrases: [
      'hoje',
      'atualmente',
      'no momento',
      'desde a ultima consulta',
      'desde a ultima visita',
    ],
  },
  {
    role: 'history',
    mode: 'lead',
    when: 'anamnesis',
    runOn: true,
    phrases: [
      'refere',
      'relata',
      'queixa se de',
      'nega outras queixas',
      'nega queixas',
      'sem queixas',
    ],
  },
  {
    role: 'pastHistory',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'e hipertens*',
      'hipertenso',
      'hipertensa',
      'e diabetic*',
      'diabetico',
      'diabetica',
      'tem hipertensao',
      'tem diabetes',
      'portador de',
      'portadora de',
      'antecedente de',
      'antecedentes de',
      'ex tabagista',
      'e tabagista',
      'tabagista',
      'etilista',
      'e etilista',
      'nega alergias',
      'nega alergia',
      'sem alergias',
      'alergia a',
      'alergico a',
      'alergica a',
      'vacinacao em dia',
      'vacinas em dia',
      'cartao vacinal',
      'cirurgia previa',
      'cirurgias previas',
      'nega comorbidades',
      'nega doencas previas',
      'dm2',
      'dm 2',
      'has',
      'dpoc',
    ],
  },
  {
    role: 'medicationsInUse',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'faz uso de',
      'em uso de',
      'esta tomando',
      'esta usando',
      'toma',
      'usa',
      'nega uso de medicac*',
      'nega uso de medicament*',
      'nao usa medicament*',
      'nao usa medicac*',
      'sem medicac*',
    ],
  },
  {
    role: 'family',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'pai morreu',
      'pai faleceu',
      'mae morreu',
      'mae faleceu',
      'pai tem',
      'mae tem',
      'pai teve',
      'mae teve',
      'pai com',
      'mae com',
      'tio com',
      'tia com',
      'avo paterna',
      'avo materna',
      'avo paterno',
      'avo materno',
      'historia familiar',
      'antecedentes familiares',
    ],
  },
  {
    role: 'habits',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'nao fuma',
      'fuma',
      'bebe socialmente',
      'nega etilismo',
      'nega tabagismo',
      'usa maconha',
      'uso de maconha',
      'nega uso de alcool',
      'nega uso de drogas',
      'bebe ? latas',
    ],
  },
  {
    role: 'personal',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'trabalha como',
      'mora com',
      'mora sozinho',
      'mora sozinha',
      'reside com',
      'mora em republica',
      'estudante',
    ],
  },
  {
    role: 'psychiatricHistory',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'ja tratou',
      'tratou',
      'tratou depressao',
      'ja fez tratamento',
      'nunca fez tratamento',
      'ja usou',
      'nega internacoes',
      'ja teve ? internacoes',
      'teve ? internacoes',
      'internacoes psiquiatricas',
      'sem tratamentos anteriores',
      'sem tratamentos previos',
      'tentativa previa',
    ],
  },
  // ---- exam -----------------------------------------------------------------------------------
  {
    role: 'exam',
    mode: 'clause',
    drop: true,
    phrases: [
      'ao exame',
      'no exame',
      'ao examinar',
      'examinando',
      'ao exame fisico',
      'exame fisico',
    ],
  },
  {
    role: 'exam',
    mode: 'clause',
    when: 'anamnesis',
    phrases: ['bom estado geral', 'regular estado geral', 'mau estado geral', 'beg', 'reg'],
  },
  {
    role: 'exam',
    mode: 'lead',
    when: 'upToExam',
    phrases: [
      'ausculta',
      'murmurio vesicular',
      'mv',
      'rcr',
      'bulhas',
      'abdome',
      'abdomen',
      'pulmoes',
      'orofaringe',
      'otoscopia',
      'membros inferiores',
      'extremidades',
      'mucosas',
      'corado',
      'corada',
      'hidratado',
      'hidratada',
      'lucido',
      'lucida',
      'vigil',
      'consciente',
      'dix hallpike',
      'lasegue',
      'sinal de',
      'pupilas',
      'reflexos',
      'marcha',
      'forca',
      'pes com',
      'fontanela',
      'linfonodos',
      'tireoide',
      'edema',
      'estertores',
      'crepitacoes',
      'sibilos',
      'dispneico',
      'dispneica',
      'eupneico',
      'eupneica',
      'afebril',
      'desenvolvimento adequado',
      'sem deficit',
    ],
  },
  {
    role: 'results',
    mode: 'clause',
    when: 'beforeConclusion',
    phrases: [
      'trouxe exames',
      'traz exames',
      'trouxe',
      'exames de',
      'exames complementares',
      'raio x',
      'rx de',
      'radiografia',
      'tomografia',
      'ressonancia',
      'ultrassom',
      'usg',
      'ecocardiograma',
      'eletrocardiograma',
      'endoscopia',
      'colonoscopia',
      'audiometria',
      'espirometria',
      'acuidade visual',
      'hba1c',
      'hemoglobina glicada',
      'glicemia de jejum',
      'colesterol',
      'ldl',
      'triglicerides',
      'triglicerideos',
      'creatinina',
      'pcr',
      'hemograma',
      'fita urinaria',
      'mini mental',
      'phq 9',
      'phq',
    ],
  },
  // ---- assessment -----------------------------------------------------------------------------
  {
    role: 'assessment',
    mode: 'clause',
    drop: true,
    phrases: [
      'penso em',
      'pensando em',
      'acho que e',
      'impressao',
      'impressao diagnostica',
      'hipotese',
      'hipotese diagnostica',
      'suspeita de',
      'provavel diagnostico',
    ],
  },
  {
    role: 'assessment',
    mode: 'lead',
    when: 'afterExam',
    runOn: true,
    phrases: [
      'hipertensao arterial',
      'diabetes mellitus',
      'dislipidemia',
      'episodio',
      'transtorno',
      'sindrome',
      'doenca',
      'insuficiencia',
      'infeccao',
      'pneumonia',
      'primeiro episodio',
      'quadro compativel',
      'quadro de',
      'crianca saudavel',
      'gestacao de',
      'uso nocivo',
      'dependencia de',
      'dm2 descompensado',
      'dm2',
      'has',
      'dpoc',
      'icc',
    ],
  },
  // ---- plan -----------------------------------------------------------------------------------
  {
    role: 'plan',
    mode: 'clause',
    drop: true,
    phrases: [
      'vou prescrever',
      'vou pedir',
      'vou solicitar',
      'vou iniciar',
      'vou associar',
      'vou aumentar',
      'vou encaminhar',
      'vou colher',
      'vou montar',
      'vou manter',
    ],
  },
  {
    role: 'plan',
    mode: 'clause',
    phrases: [
      'prescrevo',
      'peco',
      'solicito',
      'oriento',
      'orientei',
      'encaminho',
      'inicio',
      'associo',
      'aumento a',
      'aumento o',
      'aumento para',
      'aumento da dose',
      'reduzo',
      'suspendo',
      'mantenho',
      'reinicio',
      'atestado de',
      'manobra de',
      'indicada internacao',
      'indico',
      'indicado',
      'indicada',
      'encaminhar ao',
      'se nao melhorar',
    ],
  },
  {
    // Typed plans start with an infinitive ('Manter losartana', 'Suspender o sabão').
    role: 'plan',
    mode: 'lead',
    phrases: [
      'aumento',
      'manter',
      'suspender',
      'iniciar',
      'associar',
      'aumentar',
      'reduzir',
      'trocar',
      'orientado a',
      'orientada a',
    ],
  },
  {
    role: 'followUp',
    mode: 'clause',
    when: 'notFirst',
    phrases: [
      'retorno em',
      'retorno com',
      'retorno se',
      'retornar em',
      'retornar se',
      'reavaliar em',
    ],
  },
  { role: 'observations', mode: 'lead', phrases: ['a avaliacao tem validade', 'validade'] },
  // ---- family medicine ------------------------------------------------------------------------
  {
    role: 'lifeContext',
    mode: 'clause',
    when: 'anamnesis',
    phrases: [
      'mora com',
      'mora sozinho',
      'mora sozinha',
      'reside com',
      'a filha mora',
      'o filho mora',
      'e o unico que trabalha',
    ],
  },
  {
    role: 'preventive',
    mode: 'clause',
    phrases: ['vacina da gripe', 'vacina dtpa', 'rastreamento de', 'citopatologico', 'mamografia'],
  },
  // ---- nursing --------------------------------------------------------------------------------
  {
    role: 'nursingDiagnosis',
    mode: 'clause',
    phrases: [
      'diagnostico de enfermagem',
      'diagnosticos de enfermagem',
      'integridade tissular',
      'integridade da pele',
      'padrao respiratorio',
      'mobilidade fisica',
      'dor aguda',
      'risco de queda',
      'risco de infeccao',
    ],
  },
  { role: 'nursingPlanning', mode: 'clause', phrases: ['meta', 'metas', 'resultado esperado'] },
  {
    role: 'nursingImplementation',
    mode: 'clause',
    phrases: [
      'realizado',
      'realizada',
      'realizei',
      'administrado',
      'administrada',
      'administrei',
      'orientei',
      'elevada cabeceira',
      'comunicado ao',
      'comunicada ao',
    ],
  },
  {
    role: 'nursingEvaluation',
    mode: 'clause',
    phrases: [
      'reavaliacao',
      'apos ? hora',
      'apos ? horas',
      'evolui',
      'evoluiu',
      'paciente evolui',
      'com melhora',
      'ferida com melhora',
    ],
  },
  {
    role: 'generalState',
    mode: 'clause',
    phrases: ['encontra se', 'paciente encontra se', 'recebo plantao'],
  },
  {
    role: 'procedures',
    mode: 'clause',
    phrases: ['administrado', 'administrada', 'realizado', 'realizada', 'realizei', 'realizo'],
  },
  {
    role: 'intakeOutput',
    mode: 'clause',
    phrases: [
      'aceitou',
      'aceitando',
      'diurese',
      'evacuacao',
      'evacuou',
      'ingeriu',
      'dieta enteral',
      'urinou',
    ],
  },
  {
    role: 'incidents',
    mode: 'clause',
    phrases: [
      'apresentou',
      'paciente apresentou',
      'sem intercorrencias',
      'intercorrencia',
      'comunicado a',
      'comunicado ao',
      'comunicada a',
    ],
  },
  // ---- nutrition ------------------------------------------------------------------------------
  {
    role: 'anthropometry',
    mode: 'clause',
    phrases: ['circunferencia', 'percentual de gordura', 'bioimpedancia', 'dobras cutaneas'],
  },
  {
    role: 'dietaryHistory',
    mode: 'clause',
    phrases: [
      'no cafe da manha',
      'cafe da manha',
      'de manha',
      'almoca',
      'no almoco',
      'almoco com',
      'no jantar',
      'jantar com',
      'janta',
      'lanche com',
      'a tarde nao come',
      'belisca',
      'come',
      'pula o',
      'bebe pouca',
      'bebe ? litro*',
      'recordatorio',
      'ingestao hidrica',
    ],
  },
  {
    role: 'nutritionalDiagnosis',
    mode: 'lead',
    when: 'afterExam',
    phrases: [
      'eutrofia',
      'eutrofico',
      'eutrofica',
      'obesidade',
      'sobrepeso',
      'desnutricao',
      'magreza',
    ],
  },
  {
    role: 'dietPlan',
    mode: 'clause',
    phrases: ['plano alimentar', 'vou montar', 'trocar', 'fracionar', 'suspender o', 'incluir'],
  },
  // ---- social work ----------------------------------------------------------------------------
  {
    role: 'familyComposition',
    mode: 'clause',
    phrases: [
      'mora com',
      'mora sozinha',
      'mora sozinho',
      'reside com',
      'nao tem filhos',
      'tem ? filhos',
      'composicao familiar',
    ],
  },
  {
    role: 'socioeconomic',
    mode: 'clause',
    phrases: [
      'a renda',
      'renda de',
      'renda familiar',
      'salario de',
      'recebe bolsa familia',
      'recebe bpc',
      'trabalha como',
      'esta desempregado',
      'esta desempregada',
      'o padrasto esta desempregado',
      'a mae trabalha',
      'o pai trabalha',
      'o padrasto trabalha',
      'familia recebe',
    ],
  },
  {
    role: 'housing',
    mode: 'clause',
    phrases: [
      'numa casa',
      'em casa propria',
      'casa alugada',
      'a casa',
      'casa cedida',
      'casa propria',
      'residem em',
      'reside em',
      'mora em',
      'paga ? reais de aluguel',
      'paga ? reais',
    ],
  },
  {
    role: 'supportNetwork',
    mode: 'clause',
    phrases: [
      'tem uma sobrinha',
      'tem um sobrinho',
      'conta com',
      'a avo',
      'acompanhada pelo',
      'acompanhado pelo',
      'rede de apoio',
      'recebe visita',
      'recebe ajuda',
    ],
  },
  {
    role: 'familyComposition',
    mode: 'lead',
    phrases: ['relata conflitos', 'conflitos com', 'conflitos frequentes', 'conflito com'],
  },
  {
    role: 'socialAnalysis',
    mode: 'clause',
    phrases: ['percebe se', 'observa se', 'verifica se', 'identifica se'],
  },
  { role: 'socialOpinion', mode: 'clause', phrases: ['encaminho', 'oriento', 'sugiro'] },
  // ---- forensic psychology --------------------------------------------------------------------
  {
    role: 'forensicRequest',
    mode: 'clause',
    phrases: [
      'solicitado pela',
      'solicitada pela',
      'solicitado pelo',
      'solicitada pelo',
      'para fins de',
      'solicitante',
    ],
  },
  { role: 'forensicRequest', mode: 'lead', phrases: ['para fins de', 'fins de'] },
  { role: 'forensicDemand', mode: 'clause', phrases: ['a questao e se', 'quesito', 'a questao'] },
  {
    role: 'forensicProcedures',
    mode: 'clause',
    phrases: ['foram realizadas', 'foram realizados', 'foi realizada', 'foi aplicado'],
  },
  { role: 'forensicHistory', mode: 'clause', phrases: ['segundo o', 'segundo a', 'consta'] },
  {
    role: 'forensicAnalysis',
    mode: 'clause',
    phrases: ['observa se', 'nota se', 'verifica se', 'constata se', 'os resultados'],
  },
  {
    role: 'forensicConclusion',
    mode: 'clause',
    phrases: ['conclui se', 'concluo', 'diante do exposto'],
  },
  // ---- occupational medicine ------------------------------------------------------------------
  {
    role: 'examType',
    mode: 'clause',
    phrases: [
      'exame admissional',
      'exame periodico',
      'exame demissional',
      'exame de retorno',
      'exame de mudanca',
    ],
  },
  {
    role: 'jobRole',
    mode: 'clause',
    phrases: [
      'trabalha como',
      'trabalha em',
      'trabalha no',
      'trabalha na',
      'operador de',
      'operadora de',
      'auxiliar de',
      'tecnico de',
      'tecnica de',
    ],
  },
  {
    role: 'occupationalHistory',
    mode: 'clause',
    phrases: ['ficou afastado', 'ficou afastada', 'trabalhou', 'historia ocupacional'],
  },
  {
    role: 'riskExposure',
    mode: 'clause',
    phrases: [
      'exposto a',
      'exposta a',
      'com exposicao a',
      'exposicao a',
      'usa protetor',
      'usa epi',
      'usa mascara',
    ],
  },
  { role: 'aptitude', mode: 'clause', phrases: ['apto', 'apta', 'inapto', 'inapta'] },
  {
    role: 'recommendations',
    mode: 'clause',
    phrases: ['oriento', 'recomendo', 'manter uso', 'repetir'],
  },
  // ---- home visits ----------------------------------------------------------------------------
  {
    role: 'homeConditions',
    mode: 'clause',
    phrases: ['casa', 'mora em apartamento', 'mora em', 'quarto', 'cama hospitalar', 'banheiro'],
  },
  {
    role: 'caregiver',
    mode: 'clause',
    phrases: ['cuidadora e', 'cuidador e', 'a cuidadora', 'o cuidador', 'a neta e', 'a filha e'],
  },
  { role: 'nextVisit', mode: 'clause', phrases: ['proxima visita', 'nova visita', 'revisita'] },
  // ---- psychiatry -----------------------------------------------------------------------------
  {
    role: 'risk',
    mode: 'clause',
    phrases: [
      'risco baixo',
      'risco moderado',
      'risco alto',
      'risco de suicidio',
      'risco de heteroagressividade',
      'tem bom suporte',
      'pensa em se defender',
      'mas relata que pensa',
    ],
  },
  {
    role: 'scales',
    mode: 'clause',
    phrases: [
      'gad 7',
      'gad',
      'phq 9',
      'panss',
      'escala',
      'columbia',
      'ciwa',
      'audit',
      'moca',
      'bprs',
      'ymrs',
      'hamilton',
    ],
  },
];
