/**
 * The word sets the detectors consult, built once at load from the data files. All folded (lower
 * case, no accents): compare a token's `folded`.
 */
import {
  CLINICAL_WORDS,
  DOSE_UNITS,
  DRUG_CUES,
  EPONYM_HEADS,
  EPONYMS,
} from './data/clinical-terms.js';
import {
  COMMON_WORD_NAMES,
  GIVEN_NAMES,
  HYPOCORISTICS,
  STRONG_NAME_ENDINGS,
  SURNAMES,
  WEAK_NAME_ENDINGS,
} from './data/names.data.js';

const set = (...lists: string[]) =>
  new Set(lists.flatMap((list) => list.split(/\s+/)).filter((w) => w !== ''));

export const GIVEN = set(GIVEN_NAMES, HYPOCORISTICS);
export const SURNAME = set(SURNAMES);
/** Names that are also ordinary Portuguese words: they need context. */
export const COMMON_NAME = set(COMMON_WORD_NAMES);
export const EPONYM = set(EPONYMS);
const STRONG_ENDING = set(STRONG_NAME_ENDINGS);
const WEAK_ENDING = set(WEAK_NAME_ENDINGS);

/**
 * Whether an unlisted word ends like a given name: 'strong' when no ordinary Portuguese word ends
 * so ('-lson', '-iane'), 'weak' when almost none does; null otherwise.
 */
export function nameEnding(folded: string): 'strong' | 'weak' | null {
  if (folded.length < 5) return null;
  const four = folded.slice(-4);
  const three = folded.slice(-3);
  if (STRONG_ENDING.has(four) || STRONG_ENDING.has(three)) return 'strong';
  if (WEAK_ENDING.has(four) || WEAK_ENDING.has(three)) return 'weak';
  return null;
}
export const EPONYM_HEAD = set(EPONYM_HEADS);
/** Clinical words that are also names: context only, and never repeated from elsewhere. */
export const CLINICAL = set(CLINICAL_WORDS);
export const DRUG_CUE = set(DRUG_CUES);
export const DOSE_UNIT = set(DOSE_UNITS);

export const PARTICLES = set('da de do das dos e di du del van von d');

/** Clinical words that are also common given names: a dictation verb after them marks a name. */
export const SUBJECT_OK_CLINICAL = set(
  'rosa clara luz paz socorro penha graca gracas aurora celeste bela alegria jade iris branca ' +
    'angelica neves cruz lima costa santos dias ramos campos franco pinto leite',
);

/** Titles before a person's name. 'seu'/'sua' are also possessives: they need a known name. */
export const TITLES = set(
  'dr dra doutor doutora dr doutô sr sra srta senhor senhora dona seu sua prof profa professor ' +
    'professora enfermeira enfermeiro enf tia tio vo vovo vovó irma padre pastor',
);
/** Titles strong enough that any plausible word after them is taken for a name. */
export const STRONG_TITLES = set('dr dra doutor doutora sr sra srta dona prof profa');

/** People a patient mentions: the word before their name. */
export const KINSHIP = set(
  'mae pai filho filha filhos filhas esposo esposa marido mulher companheiro companheira ' +
    'namorado namorada irmao irma irmaos irmas avo avos neto neta netos netas tio tia primo prima ' +
    'sobrinho sobrinha genro nora sogro sogra cunhado cunhada padrasto madrasta enteado enteada ' +
    'cuidador cuidadora acompanhante responsavel vizinho vizinha amigo amiga colega chefe patrao ' +
    'patroa baba madrinha padrinho afilhado afilhada bisavo bisneto bisneta',
);

/** Between a kinship word and the name: 'filho dele o Pedro', 'mãe da paciente, Joana'. */
export const KINSHIP_LINK = set(
  'dele dela deles delas do da o a paciente sua seu meu minha chamado chamada chamados que se ' +
    'chama chamam de nome e',
);

/** Words that say the next words are a name ('se chama', 'de nome', 'nome é'). */
export const NAMING_VERBS = set('chama chamado chamada chamo nome identificado identificada');

/**
 * Verbs and phrases a dictation puts right after the person it talks about: a name-like word in
 * front of them is a subject ('Rosa refere dor', 'joana nega febre').
 */
export const SUBJECT_VERBS = set(
  'refere referiu relata relatou nega negou informa informou conta contou diz disse apresenta ' +
    'apresentou queixa queixou comparece compareceu chega chegou veio vem retorna retornou esta ' +
    'estava tem teve mora morava reside trabalha trabalhou faz fez toma tomou usa usou sente sentiu ' +
    'acha pede pediu procura procurou foi voltou acompanha acompanhou trouxe traz levou leva ' +
    'ficou fica dorme dormiu come comeu fuma fumou bebe bebeu caiu cai evolui evoluiu segue ' +
    'mantem manteve teria nasceu faleceu morreu ligou liga precisa quer quis sabe soube ja ' +
    'continua iniciou parou deixou vai anda andou',
);

/**
 * Words that end a labelled name or can never be one: pronouns, articles, prepositions, common
 * verbs of dictation, the fields of a note.
 */
export const STOP = set(
  'idade sexo anos ano meses mes dias dia semanas horas natural residente reside mora cpf rg cns ' +
    'nascido nascida nascimento solteiro solteira casado casada viuvo viuva divorciado divorciada ' +
    'telefone tel celular endereco email refere relata nega apresenta comparece compareceu retorna ' +
    'vem veio chega queixa informa com sem que tem foi esta e masculino feminino paciente dn data ' +
    'o a os as um uma uns umas de do da dos das em no na nos nas por pelo pela para pra pro ao aos ' +
    'se me te lhe nos vos ele ela eles elas eu tu voce voces isso isto aquilo este esta esse essa ' +
    'ja nao sim mas ou nem quando como onde porque pois entao tambem muito pouco mais menos bem ' +
    'mal hoje ontem amanha agora depois antes sempre nunca ainda disse falou pediu orientou ' +
    'prescreveu solicitou acha tinha havia ha vai vou era ser estar ter fazer ir foi sao estao ' +
    'todo toda todos todas outro outra mesmo mesma seu sua seus suas meu minha dele dela ' +
    'queixa principal historia exame conduta diagnostico hipotese plano evolucao retorno ' +
    'cid consulta atendimento medico medica doutor doutora senhor senhora dona sr sra dr dra ' +
    'filho filha mae pai esposa esposo marido irmao irma e ate sobre entre contra apos desde ' +
    // People a dictation talks about without naming them: never a name.
    'crianca menina menino gestante idosa idoso mulher homem bebe lactente adolescente puerpera ' +
    'parturiente cliente familia equipe enfermagem enfermeira enfermeiro medico medica ' +
    'acompanhante cuidadora cuidador responsavel genitora genitor',
);

/** Fields and roles whose value is the patient's name ('Paciente: ...', 'Nome: ...'). */
export const PATIENT_LABELS = set(
  'paciente nome usuario usuaria trabalhador trabalhadora periciando pericianda periciado ' +
    'periciada avaliado avaliada identificacao',
);

/** Values a name field holds when there is no name. */
export const NO_NAME = new Set([
  'nao informado',
  'nao informada',
  'nao identificado',
  'nao identificada',
  'nao consta',
  'desconhecido',
  'desconhecida',
  'ignorado',
  'ignorada',
  'anonimo',
  'anonima',
  'sem nome',
  'n/a',
  'na',
  'nome',
]);

/** 'Júnior', 'Filho', 'Neto' after a name belong to it. */
export const NAME_SUFFIXES = set('junior jr filho neto sobrinho segundo terceiro');

/** A token that may be part of a person's name at all (letters only, two or more). */
export const nameShaped = (folded: string) => folded.length >= 2 && /^[a-z]+$/.test(folded);

/** In one of the name lists. */
export const inGazetteer = (folded: string) =>
  GIVEN.has(folded) || SURNAME.has(folded) || folded.length > 40;
