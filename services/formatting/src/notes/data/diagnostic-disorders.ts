/**
 * The ICD-10 (CID-10) disorders the offline psychiatric analysis knows, each criterion a pt-BR
 * statement with the words that evidence it in a dictation. Data only (diagnostic-offline.ts
 * applies it).
 */

export interface Criterion {
  /** pt-BR statement of the criterion. */
  readonly statement: string;
  /**
   * pt-BR words or phrases that evidence it, matched accent- and case-insensitively on word
   * boundaries. '#' stands for a number (digits or words); a trailing '*' matches any ending.
   */
  readonly cues: readonly string[];
  /** A hypothesis needs at least one key criterion met. */
  readonly key?: boolean;
}

export interface DisorderDefinition {
  readonly name: string;
  readonly code: string;
  readonly criteria: readonly Criterion[];
}

const LONG_DURATION = ['há # meses', 'há # mês', 'há # anos', 'há # ano', 'há meses', 'há anos'];
const SLEEP_CUES = [
  'insônia',
  'dorme mal',
  'dificuldade para dormir',
  'dificuldade de dormir',
  'não consegue dormir',
  'demora para dormir',
  'acorda várias vezes',
  'acorda durante a noite',
  'acorda de madrugada',
  'despertar precoce',
  'sono fragmentado',
  'sono ruim',
  'hipersonia',
  'dormindo muito',
];

export const DISORDERS: readonly DisorderDefinition[] = [
  {
    name: 'Episódio depressivo',
    code: 'F32',
    criteria: [
      {
        statement: 'Humor deprimido na maior parte do dia',
        key: true,
        cues: [
          'humor deprimido',
          'humor triste',
          'humor rebaixado',
          'tristeza',
          'triste',
          'deprimido',
          'deprimida',
          'choro fácil',
          'chorando',
          'choro',
          'melancolia',
          'desânimo',
          'desanimado',
          'desanimada',
        ],
      },
      {
        statement: 'Perda de interesse ou prazer (anedonia)',
        key: true,
        cues: [
          'anedonia',
          'perda de interesse',
          'perdeu o interesse',
          'desinteresse',
          'sem prazer',
          'perda de prazer',
          'não sente prazer',
          'não tem vontade',
          'sem vontade',
          'não tem mais vontade',
        ],
      },
      {
        statement: 'Fadiga ou perda de energia',
        cues: [
          'fadiga',
          'cansaço',
          'cansado',
          'cansada',
          'sem energia',
          'falta de energia',
          'perda de energia',
          'astenia',
        ],
      },
      { statement: 'Alteração do sono (insônia ou hipersonia)', cues: SLEEP_CUES },
      {
        statement: 'Alteração do apetite ou do peso',
        cues: [
          'perda de apetite',
          'falta de apetite',
          'sem apetite',
          'inapetência',
          'hiporexia',
          'perda de peso',
          'perdeu peso',
          'emagreceu',
          'aumento do apetite',
          'ganho de peso',
          'comendo mais',
          'comendo menos',
        ],
      },
      {
        statement: 'Sentimentos de culpa ou de inutilidade, baixa autoestima',
        cues: [
          'culpa',
          'culpado',
          'culpada',
          'inútil',
          'inutilidade',
          'sem valor',
          'fracassad*',
          'baixa autoestima',
          'autoestima baixa',
        ],
      },
      {
        statement: 'Dificuldade de concentração ou indecisão',
        cues: [
          'dificuldade de concentração',
          'dificuldade para se concentrar',
          'falta de concentração',
          'não consegue se concentrar',
          'indecisão',
          'indeciso',
          'indecisa',
        ],
      },
      {
        statement: 'Pensamentos de morte ou ideação suicida',
        cues: [
          'ideação suicida',
          'pensamentos de morte',
          'ideias de morte',
          'vontade de morrer',
          'pensa em morrer',
          'desejo de morrer',
          'tentativa de suicídio',
          'pensamentos suicidas',
        ],
      },
      {
        statement: 'Duração de pelo menos duas semanas',
        cues: ['há # semanas', ...LONG_DURATION, 'há semanas', 'desde o mês passado'],
      },
    ],
  },
  {
    name: 'Transtorno de ansiedade generalizada',
    code: 'F41.1',
    criteria: [
      {
        statement: 'Ansiedade e preocupação excessivas com vários temas',
        key: true,
        cues: [
          'ansiedade',
          'ansioso',
          'ansiosa',
          'preocupação excessiva',
          'preocupações',
          'preocupado com tudo',
          'preocupada com tudo',
          'nervosismo',
          'nervoso',
          'nervosa',
          'apreensão',
          'apreensivo',
          'apreensiva',
        ],
      },
      {
        statement: 'Dificuldade em controlar a preocupação',
        cues: [
          'não consegue controlar',
          'não consegue parar de pensar',
          'difícil controlar',
          'não consegue relaxar',
          'não desliga',
        ],
      },
      {
        statement: 'Inquietação ou sensação de estar no limite',
        cues: [
          'inquietação',
          'inquieto',
          'inquieta',
          'tenso',
          'tensa',
          'no limite',
          'agitação interna',
        ],
      },
      {
        statement: 'Tensão muscular',
        cues: [
          'tensão muscular',
          'dores musculares',
          'dor muscular',
          'contratura',
          'bruxismo',
          'dor no pescoço',
        ],
      },
      {
        statement: 'Irritabilidade',
        cues: ['irritabilidade', 'irritado', 'irritada', 'irritável'],
      },
      { statement: 'Perturbação do sono', cues: SLEEP_CUES },
      {
        statement: 'Duração de pelo menos seis meses',
        cues: [...LONG_DURATION, 'há muito tempo', 'desde sempre'],
      },
    ],
  },
  {
    name: 'Transtorno de pânico',
    code: 'F41.0',
    criteria: [
      {
        statement: 'Ataques de pânico recorrentes e inesperados',
        key: true,
        cues: [
          'crise de pânico',
          'crises de pânico',
          'ataque de pânico',
          'ataques de pânico',
          'crise de ansiedade',
          'crises de ansiedade',
          'do nada',
          'inesperad*',
        ],
      },
      {
        statement:
          'Sintomas autonômicos durante as crises (taquicardia, sudorese, tremores, falta de ar)',
        cues: [
          'taquicardia',
          'palpitação',
          'palpitações',
          'coração acelerado',
          'sudorese',
          'suor',
          'tremor',
          'tremores',
          'falta de ar',
          'dispneia',
          'sufocamento',
          'aperto no peito',
          'formigamento',
          'tontura',
        ],
      },
      {
        statement: 'Medo de morrer, de enlouquecer ou de perder o controle',
        cues: [
          'medo de morrer',
          'sensação de morte',
          'morte iminente',
          'vai morrer',
          'medo de enlouquecer',
          'perder o controle',
        ],
      },
      {
        statement: 'Preocupação persistente com novas crises ou evitação',
        cues: [
          'medo de ter outra crise',
          'medo de nova crise',
          'medo de ter nova crise',
          'evita sair',
          'deixou de sair',
          'medo de sair',
          'agorafobia',
          'evita lugares',
        ],
      },
    ],
  },
  {
    name: 'Transtorno afetivo bipolar',
    code: 'F31',
    criteria: [
      {
        statement: 'Episódio de humor elevado, expansivo ou irritável',
        key: true,
        cues: [
          'euforia',
          'eufórico',
          'eufórica',
          'mania',
          'maníaco',
          'maníaca',
          'hipomania',
          'hipomaníaco',
          'humor elevado',
          'humor expansivo',
          'expansivo',
          'expansiva',
        ],
      },
      {
        statement: 'Redução da necessidade de sono',
        cues: [
          'pouca necessidade de sono',
          'redução da necessidade de sono',
          'dorme pouco e não sente cansaço',
          'ficou dias sem dormir',
          'passa noites sem dormir',
          'sem dormir e com energia',
        ],
      },
      {
        statement: 'Grandiosidade ou autoestima inflada',
        cues: [
          'grandiosidade',
          'grandioso',
          'grandiosa',
          'ideias de grandeza',
          'poderes especiais',
          'se sente poderoso',
          'se sente poderosa',
        ],
      },
      {
        statement: 'Pressão para falar ou aceleração do pensamento',
        cues: [
          'pensamento acelerado',
          'pensamentos acelerados',
          'fala acelerada',
          'fala muito',
          'taquilalia',
          'logorreia',
          'fuga de ideias',
          'taquipsiquismo',
        ],
      },
      {
        statement: 'Comportamentos de risco ou gastos excessivos',
        cues: [
          'gastos excessivos',
          'gastou muito',
          'compras excessivas',
          'dívidas',
          'comportamento de risco',
          'hipersexualidade',
          'impulsividade',
        ],
      },
      {
        statement: 'Alternância com episódios depressivos',
        cues: [
          'alterna',
          'alternância',
          'oscilação de humor',
          'oscila',
          'fases de depressão',
          'episódios depressivos',
          'períodos de tristeza',
        ],
      },
    ],
  },
  {
    name: 'Transtorno de estresse pós-traumático',
    code: 'F43.1',
    criteria: [
      {
        statement: 'Exposição a evento traumático',
        cues: [
          'trauma',
          'traumático',
          'traumática',
          'abuso',
          'violência',
          'assalto',
          'assaltad*',
          'acidente',
          'estupro',
          'agressão',
          'sequestro',
          'presenciou',
        ],
      },
      {
        statement: 'Revivescência do trauma (lembranças intrusivas, pesadelos, flashbacks)',
        key: true,
        cues: [
          'flashback*',
          'pesadelo*',
          'revive',
          'reviver',
          'revivência',
          'revivescência',
          'lembranças intrusivas',
          'memórias intrusivas',
          'lembranças do evento',
        ],
      },
      {
        statement: 'Evitação de estímulos associados ao trauma',
        cues: [
          'evita lugares',
          'evita falar',
          'evita lembrar',
          'evita pensar',
          'evita passar',
          'evitação',
        ],
      },
      {
        statement: 'Hipervigilância ou reação de sobressalto exagerada',
        cues: [
          'hipervigilância',
          'sobressalto',
          'se assusta facilmente',
          'assusta-se facilmente',
          'sempre alerta',
          'em alerta',
        ],
      },
      {
        statement: 'Alterações negativas de cognição e humor após o evento',
        cues: [
          'desde o evento',
          'após o evento',
          'depois do assalto',
          'depois do acidente',
          'desde o assalto',
          'desde o acidente',
          'entorpecimento',
          'distanciamento',
        ],
      },
    ],
  },
  {
    name: 'Transtorno obsessivo-compulsivo',
    code: 'F42',
    criteria: [
      {
        statement: 'Obsessões: pensamentos intrusivos, repetitivos e indesejados',
        key: true,
        cues: [
          'obsess*',
          'pensamentos intrusivos',
          'ideias intrusivas',
          'pensamentos repetitivos',
          'medo de contaminação',
          'contaminação',
        ],
      },
      {
        statement: 'Compulsões: atos repetitivos para aliviar a ansiedade',
        key: true,
        cues: [
          'compulsão',
          'compulsões',
          'compulsivo',
          'compulsiva',
          'lava as mãos',
          'lavar as mãos',
          'verifica',
          'verificar',
          'checagem',
          'checa',
          'confere',
          'rituais',
          'ritual',
        ],
      },
      {
        statement: 'Consumo de tempo ou prejuízo funcional',
        cues: ['mais de uma hora', 'horas por dia', 'perde muito tempo', 'atrasa', 'prejuízo'],
      },
      {
        statement: 'Reconhece os pensamentos ou atos como excessivos',
        cues: [
          'reconhece que é exagerado',
          'sabe que não faz sentido',
          'reconhece como excessivo',
          'egodistônico',
          'egodistônica',
        ],
      },
    ],
  },
  {
    name: 'Esquizofrenia',
    code: 'F20',
    criteria: [
      {
        statement: 'Delírios',
        key: true,
        cues: [
          'delírio*',
          'delirante',
          'persecutóri*',
          'perseguido',
          'perseguida',
          'estão me perseguindo',
          'vigiado',
          'vigiada',
          'envenenad*',
          'ideias de referência',
        ],
      },
      {
        statement: 'Alucinações',
        key: true,
        cues: [
          'alucinaç*',
          'alucina',
          'ouve vozes',
          'escuta vozes',
          'vozes',
          'vê vultos',
          'vultos',
          'visões',
        ],
      },
      {
        statement: 'Discurso ou pensamento desorganizado',
        key: true,
        cues: [
          'desorganizad*',
          'desagregad*',
          'frouxidão de associações',
          'neologismos',
          'discurso incoerente',
          'incoerente',
          'tangencial',
        ],
      },
      {
        statement: 'Comportamento desorganizado ou catatônico',
        cues: ['catatoni*', 'catatônico', 'comportamento bizarro', 'bizarro', 'estereotipias'],
      },
      {
        statement: 'Sintomas negativos (embotamento afetivo, abulia, alogia, isolamento)',
        cues: [
          'embotamento',
          'afeto embotado',
          'apatia',
          'abulia',
          'alogia',
          'isolamento social',
          'retraimento',
        ],
      },
      {
        statement: 'Duração de pelo menos um mês, com prejuízo funcional',
        cues: [...LONG_DURATION, 'prejuízo funcional', 'abandonou os estudos', 'perdeu o emprego'],
      },
    ],
  },
  {
    name: 'Transtorno de déficit de atenção e hiperatividade',
    code: 'F90',
    criteria: [
      {
        statement: 'Desatenção persistente',
        key: true,
        cues: [
          'desatenção',
          'desatento',
          'desatenta',
          'distraído',
          'distraída',
          'distrai',
          'distração',
          'não presta atenção',
          'dificuldade de atenção',
          'perde objetos',
          'esquecimentos',
        ],
      },
      {
        statement: 'Hiperatividade',
        key: true,
        cues: [
          'hiperativ*',
          'não para quieto',
          'não para quieta',
          'agitado',
          'agitada',
          'mexe muito',
        ],
      },
      {
        statement: 'Impulsividade',
        cues: ['impulsiv*', 'interrompe os outros', 'não espera a vez', 'age sem pensar'],
      },
      {
        statement: 'Início dos sintomas na infância',
        cues: [
          'desde a infância',
          'desde criança',
          'desde pequeno',
          'desde pequena',
          'na infância',
        ],
      },
      {
        statement: 'Prejuízo em mais de um contexto (escola, trabalho, casa)',
        cues: [
          'prejuízo escolar',
          'notas baixas',
          'reclamações da escola',
          'advertências',
          'prejuízo no trabalho',
          'na escola e em casa',
          'no trabalho e em casa',
        ],
      },
    ],
  },
  {
    name: 'Transtorno mental e comportamental devido ao uso de álcool — síndrome de dependência',
    code: 'F10.2',
    criteria: [
      {
        statement: 'Consumo frequente ou em grande quantidade de álcool',
        key: true,
        cues: [
          'etilismo',
          'etilista',
          'bebe',
          'bebida alcoólica',
          'bebidas alcoólicas',
          'álcool',
          'cerveja',
          'cachaça',
          'destilado*',
          'embriaguez',
          'alcoolismo',
        ],
      },
      {
        statement: 'Compulsão ou perda de controle sobre o consumo',
        cues: [
          'não consegue parar de beber',
          'perda de controle',
          'bebe mais do que pretendia',
          'fissura',
          'vontade forte de beber',
          'craving',
        ],
      },
      {
        statement: 'Tolerância',
        cues: ['tolerância', 'precisa beber mais', 'beber cada vez mais', 'cada vez mais'],
      },
      {
        statement: 'Sintomas de abstinência',
        cues: [
          'abstinência',
          'tremores pela manhã',
          'tremedeira',
          'bebe pela manhã',
          'bebe ao acordar',
          'sudorese quando para',
        ],
      },
      {
        statement: 'Prejuízos sociais ou ocupacionais e persistência apesar dos danos',
        cues: [
          'faltas ao trabalho',
          'falta ao trabalho',
          'perdeu o emprego',
          'brigas familiares',
          'conflitos familiares',
          'apesar dos problemas',
          'dirige alcoolizado',
          'dirigiu alcoolizado',
        ],
      },
    ],
  },
  {
    name: 'Insônia não orgânica',
    code: 'F51.0',
    criteria: [
      {
        statement: 'Dificuldade para iniciar ou manter o sono, ou sono não reparador',
        key: true,
        cues: SLEEP_CUES.filter((c) => c !== 'hipersonia' && c !== 'dormindo muito'),
      },
      {
        statement: 'Ocorre pelo menos três vezes por semana',
        cues: [
          'todas as noites',
          'toda noite',
          'quase todas as noites',
          'todo dia',
          'diariamente',
          '# vezes por semana',
          '# noites por semana',
        ],
      },
      { statement: 'Duração de pelo menos um mês', cues: [...LONG_DURATION, 'há # semanas'] },
      {
        statement: 'Prejuízo diurno (sonolência, cansaço, irritabilidade)',
        cues: [
          'sonolência diurna',
          'sonolento',
          'sonolenta',
          'cansaço durante o dia',
          'cansado durante o dia',
          'cansada durante o dia',
          'irritabilidade',
          'rendimento',
        ],
      },
      {
        statement: 'Preocupação excessiva com o sono',
        cues: ['preocupação com o sono', 'medo de não dormir', 'ansiedade para dormir'],
      },
    ],
  },
];
