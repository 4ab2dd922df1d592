/**
 * Word lists of the patient identification (folded: lower case, no accents). Data only.
 */

/** Nouns after which the patient's name follows ('paciente Maria Souza', 'periciando joão'). */
export const PERSON_NOUNS = new Set([
  'paciente',
  'trabalhador',
  'trabalhadora',
  'usuario',
  'usuaria',
  'periciando',
  'periciada',
  'periciado',
  'avaliado',
  'avaliada',
  'assistido',
  'assistida',
  'idoso',
  'idosa',
  'crianca',
  'bebe',
  'gestante',
  'menor',
  'adolescente',
  'lactente',
  'puerpera',
]);

/** Titles before a name, and the sex they tell ('dona Lúcia', 'seu Antônio'). */
export const TITLES: ReadonlyMap<string, 'Masculino' | 'Feminino'> = new Map([
  ['dona', 'Feminino'],
  ['sra', 'Feminino'],
  ['srta', 'Feminino'],
  ['senhora', 'Feminino'],
  ['seu', 'Masculino'],
  ['sr', 'Masculino'],
  ['senhor', 'Masculino'],
]);

/** Labels followed by the name ('Nome:', 'Paciente:', 'Avaliado:'). */
export const NAME_LABELS = new Set([
  'nome',
  'identificacao',
  'paciente',
  'trabalhador',
  'trabalhadora',
  'usuario',
  'usuaria',
  'avaliado',
  'avaliada',
  'periciando',
  'periciada',
  'periciado',
  'assistido',
  'assistida',
]);

/** Name particles: inside a name only ('Josefa da Silva'). */
export const PARTICLES = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

/** Words that are never part of a name: they end it (or show there is none). */
export const NOT_NAME_WORDS = new Set(
  // function words and common verbs
  (
    'a o as os um uma uns umas em no na nos nas com sem por para pelo pela pelos pelas que se ao ' +
    'aos ou mas nao ha foi sao esta estao estava tem teve tinha ter muito mais menos bem mal ja ' +
    'ainda sua seu suas seus ele ela eles elas isso este esse essa aqui hoje ontem agora entao ' +
    'quando como onde porque pois nunca sempre tambem sobre apos antes depois desde ate entre ' +
    'refere referiu relata relatou nega negou apresenta apresentou comparece compareceu retorna ' +
    'retornou vem veio chega chegou encontra encontrase informa queixa queixase deu usa usou ' +
    'toma tomou tomando usando faz fez mora reside trabalha trabalhou procura procurou procurando ' +
    'traz trouxe trazido trazida diz disse conta contou chora dorme sente sentiu vai volta voltou ' +
    'acha evolui evoluiu segue mantem mantendo esta estou estamos sente sentindo tendo sendo ' +
    'encaminhado encaminhada acompanhado acompanhada levado levada ' +
    // identification and clinical words
    'paciente pacientes sexo idade ' +
    'masculino feminino homem mulher menino menina rapaz moca senhor senhora dona sr sra srta ' +
    'dr dra doutor doutora internado internada acamado acamada lucido lucida consciente ' +
    'orientado orientada idoso idosa hipertenso hipertensa diabetico diabetica tabagista ' +
    'etilista obeso obesa gestante puerpera portador portadora sonolento sonolenta acordado ' +
    'acordada calmo calma agitado agitada febril afebril estavel grave natural residente ' +
    'solteiro solteira casado casada viuvo viuva divorciado divorciada cpf rg matricula ' +
    'profissao prontuario registro leito quarto enfermaria plantao retorno consulta visita ' +
    'exame exames queixa dor febre tosse cansaco falta historia antecedentes conduta ' +
    'plano motivo avaliacao identificacao nome nascido nascida mae pai filho filha filhos ' +
    'esposa esposo marido irmao irma avo neto neta familia acompanhante cuidador cuidadora ' +
    'periciando periciada periciado avaliado avaliada trabalhador trabalhadora usuario usuaria ' +
    'crianca bebe adolescente menor lactente anotacao evolucao enfermagem atendimento social ' +
    'psiquiatrica psicologica nutricao primeira rotina admissional periodico demissional'
  ).split(' '),
);

/** Words that end a name dictated in lower case, but are surnames when capitalised ('Dias'). */
export const LOWERCASE_NOT_NAME_WORDS = new Set(
  'anos ano meses mes dias dia semanas semana horas hora'.split(' '),
);

/** Words after a name (dictated without punctuation) that show the identification goes on. */
export const AGE_UNITS = new Set(['ano', 'anos', 'mes', 'meses']);

/**
 * Participles and adjectives said about the patient, by sex ('orientada', 'trazido'): a weak
 * cue, counted when nothing stronger tells the sex. Folded masculine forms; the feminine form
 * swaps the final 'o' for 'a'.
 */
export const GENDERED_ADJECTIVES = [
  'orientado',
  'desorientado',
  'lucido',
  'acamado',
  'internado',
  'trazido',
  'encaminhado',
  'acordado',
  'sonolento',
  'hipertenso',
  'diabetico',
  'obeso',
  'ansioso',
  'deprimido',
  'agitado',
  'calmo',
  'corado',
  'hipocorado',
  'hidratado',
  'desidratado',
  'acianotico',
  'anicterico',
  'eupneico',
  'dispneico',
  'taquipneico',
  'cooperativo',
  'emagrecido',
  'medicado',
  'operado',
  'desconfiado',
  'aposentado',
  'desempregado',
  'preocupado',
  'contactuante',
  'alergico',
];
