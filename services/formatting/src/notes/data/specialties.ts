/**
 * The clinical note of each professional value: its pt-BR title, who writes it, its sections in
 * order (with what belongs in each, and the words a clinician says while dictating to start
 * each part), how the sections feed the common fields of a formatted consultation,
 * and the instructions an LLM receives to write the note in the style the profession expects.
 */
import type { Professional } from '@pv/contracts';
import { withMedicationsInUse } from './medications-in-use.js';
import type { SectionRouting, SectionSpec, SpecialtyProfile } from './specialty-profile.js';

export * from './specialty-profile.js';

// ---- cue vocabularies shared by several notes ---------------------------------------------------

const CHIEF_COMPLAINT_CUES = [
  'queixa',
  'queixa principal',
  'qp',
  'queixa-se',
  'queixa de',
  'motivo da consulta',
  'motivo do atendimento',
];
const HPI_CUES = ['história', 'história da doença atual', 'hda', 'história clínica', 'evolução'];
const PAST_HISTORY_CUES = [
  'antecedentes',
  'antecedentes pessoais',
  'antecedentes familiares',
  'antecedentes patológicos',
  'história patológica pregressa',
  'hpp',
  'história familiar',
  'história social',
  'comorbidades',
  'medicações em uso',
  'medicamentos em uso',
  'medicação em uso',
  'alergias',
  'alergia',
  'hábitos de vida',
  'hábitos',
  'cirurgias prévias',
  'cirurgias',
  'vacinação',
];
const EXAM_CUES = [
  'ao exame',
  'ao exame físico',
  'exame físico',
  'ef',
  'ectoscopia',
  'sinais vitais',
  'ssvv',
  'exame clínico',
  'ao exame clínico',
];
const COMPLEMENTARY_EXAM_CUES = [
  'exames complementares',
  'exames laboratoriais',
  'exames de imagem',
  'resultados de exames',
  'traz exames',
  'trouxe exames',
  'exames',
  'laboratório',
];
const HYPOTHESIS_CUES = [
  'hipótese',
  'hipóteses',
  'hipótese diagnóstica',
  'hipóteses diagnósticas',
  'hd',
  'diagnóstico',
  'diagnósticos',
  'impressão diagnóstica',
  'cid',
];
const PLAN_CUES = [
  'conduta',
  'plano',
  'plano terapêutico',
  'tratamento',
  'prescrevo',
  'prescrição',
  'oriento',
  'orientações',
  'solicito',
  'encaminho',
];
const OBSERVATION_CUES = ['observações', 'observação', 'obs', 'nota'];

const observationsSection = (guidance: string): SectionSpec => ({
  key: 'observations',
  heading: 'Observações',
  guidance,
  cues: OBSERVATION_CUES,
});
/** The closing section of most notes: what fits none of the sections before it. */
const OTHER_OBSERVATIONS = observationsSection(
  'Informações relevantes que não se encaixam nas seções anteriores.',
);

// ---- shared style rules of the medical notes ----------------------------------------------------

const MEDICAL_STYLE =
  'Use a linguagem técnica do prontuário médico brasileiro: frases objetivas, na terceira pessoa, ' +
  'com abreviaturas consagradas (PA, FC, FR, Tax, SatO2, BEG, MV, RCR, AAA) apenas quando o ' +
  'próprio profissional as usou ou quando forem inequívocas. Registre sinais vitais com unidades ' +
  '(PA em mmHg, FC em bpm, FR em irpm, temperatura em °C, SatO2 em %). Na conduta, liste cada ' +
  'medicamento em uma linha com nome, dose, via, frequência e duração, exatamente como ditados.';

const PSYCHIATRIC_MSE =
  'aparência e atitude, nível de consciência, orientação (auto e alopsíquica), atenção, memória, ' +
  'pensamento (curso, forma e conteúdo), sensopercepção, afeto e humor, psicomotricidade, ' +
  'linguagem, juízo crítico e insight';

// ---- the profiles -------------------------------------------------------------------------------

/** The classic anamnesis (chief complaint, HPI, history, exam, plan) of the clinical notes. */
const ANAMNESIS_ROUTING: SectionRouting = {
  default: 'historyOfPresentIllness',
  vitals: 'physicalExam',
  medications: 'plan',
  keepMedications: ['pastHistory'],
  identification: null,
  observations: 'observations',
};
const anamnesisCommon = (treatment: readonly string[]): SpecialtyProfile['common'] => ({
  chiefComplaint: ['chiefComplaint'],
  historyOfPresentIllness: ['historyOfPresentIllness', 'pastHistory'],
  physicalExam: ['physicalExam', 'complementaryExams'],
  diagnosticHypothesis: ['diagnosticHypothesis'],
  treatment,
  observations: ['observations'],
});

const consultaMedica: SpecialtyProfile = {
  professional: 'consulta_medica',
  title: 'Consulta Médica',
  role: 'Médico(a) em consulta clínica',
  sections: [
    {
      key: 'chiefComplaint',
      heading: 'Queixa Principal',
      guidance:
        'O motivo da consulta nas palavras do paciente, de forma breve, com a duração quando informada.',
      cues: CHIEF_COMPLAINT_CUES,
    },
    {
      key: 'historyOfPresentIllness',
      heading: 'História da Doença Atual',
      guidance:
        'Início, duração, localização, características, intensidade, fatores de melhora e piora, ' +
        'sintomas associados e tratamentos já realizados, em ordem cronológica.',
      cues: HPI_CUES,
    },
    {
      key: 'pastHistory',
      heading: 'Antecedentes Pessoais e Familiares',
      guidance:
        'Comorbidades, cirurgias, internações, alergias, medicamentos em uso, hábitos de vida ' +
        '(tabagismo, etilismo, atividade física) e doenças na família.',
      cues: PAST_HISTORY_CUES,
    },
    {
      key: 'physicalExam',
      heading: 'Exame Físico',
      guidance:
        'Estado geral, sinais vitais com unidades e achados do exame segmentar por aparelhos.',
      cues: EXAM_CUES,
    },
    {
      key: 'complementaryExams',
      heading: 'Exames Complementares',
      guidance: 'Resultados de exames laboratoriais e de imagem trazidos ou comentados, com datas.',
      cues: COMPLEMENTARY_EXAM_CUES,
    },
    {
      key: 'diagnosticHypothesis',
      heading: 'Hipótese Diagnóstica',
      guidance:
        'As hipóteses diagnósticas do médico, com o código CID-10 somente se ele o mencionou.',
      cues: HYPOTHESIS_CUES,
    },
    {
      key: 'plan',
      heading: 'Conduta',
      guidance:
        'Prescrições (um medicamento por linha: dose, via, frequência, duração), exames ' +
        'solicitados, orientações, encaminhamentos e retorno.',
      cues: [...PLAN_CUES, 'retorno'],
    },
    OTHER_OBSERVATIONS,
  ],
  common: anamnesisCommon(['plan']),
  routing: ANAMNESIS_ROUTING,
  basePrompt:
    'Você é um médico clínico experiente redigindo o registro de uma consulta em prontuário. ' +
    'Organize a anamnese clássica: queixa principal, história da doença atual, antecedentes, ' +
    `exame físico, exames complementares, hipótese diagnóstica e conduta. ${MEDICAL_STYLE}`,
};

const SOAP_SUBJECTIVE: SectionSpec = {
  key: 'subjective',
  heading: 'Subjetivo (S)',
  guidance:
    'O que a pessoa relata: história do problema, sintomas, sentimentos, preocupações, ' +
    'medicamentos em uso e hábitos, com as palavras dela quando relevante.',
  cues: ['subjetivo', 's:', 'história', 'hda', 'relato', 'antecedentes', 'medicações em uso'],
};
const SOAP_OBJECTIVE: SectionSpec = {
  key: 'objective',
  heading: 'Objetivo (O)',
  guidance: 'Sinais vitais com unidades, achados do exame físico e resultados de exames.',
  cues: ['objetivo', 'o:', ...EXAM_CUES, 'exames complementares', 'exames laboratoriais'],
};
const SOAP_ASSESSMENT: SectionSpec = {
  key: 'assessment',
  heading: 'Avaliação (A)',
  guidance:
    'Problemas e hipóteses identificados pelo médico (com CIAP-2 ou CID-10 somente se citados), ' +
    'estabilidade das condições crônicas e riscos.',
  cues: ['avaliação', 'a:', ...HYPOTHESIS_CUES, 'impressão', 'problemas', 'lista de problemas'],
};
const SOAP_PLAN: SectionSpec = {
  key: 'plan',
  heading: 'Plano (P)',
  guidance:
    'Prescrições (um medicamento por linha), exames solicitados, orientações, encaminhamentos, ' +
    'ações de educação em saúde e retorno.',
  cues: ['plano', 'p:', ...PLAN_CUES.filter((c) => c !== 'plano'), 'retorno'],
};
const REASON_FOR_ENCOUNTER: SectionSpec = {
  key: 'reasonForEncounter',
  heading: 'Motivo da Consulta',
  guidance: 'O motivo que trouxe a pessoa ao atendimento, em uma frase.',
  cues: [...CHIEF_COMPLAINT_CUES, 'motivo', 'demanda'],
};
const SOAP_ROUTING: SectionRouting = {
  default: 'subjective',
  vitals: 'objective',
  medications: 'plan',
  keepMedications: ['subjective'],
  identification: null,
  observations: 'observations',
};
const SOAP_PROMPT =
  'Você é médico(a) de família e comunidade na Atenção Primária à Saúde e registra o atendimento ' +
  'no Registro Clínico Orientado por Problemas, no formato SOAP (Subjetivo, Objetivo, Avaliação, ' +
  'Plano). Considere a pessoa em seu contexto familiar e comunitário e a longitudinalidade do ' +
  `cuidado. ${MEDICAL_STYLE}`;

const medicoFamilia: SpecialtyProfile = {
  professional: 'medico_familia',
  title: 'Evolução — Medicina de Família e Comunidade (SOAP)',
  role: 'Médico(a) de Família e Comunidade',
  sections: [
    REASON_FOR_ENCOUNTER,
    SOAP_SUBJECTIVE,
    SOAP_OBJECTIVE,
    SOAP_ASSESSMENT,
    SOAP_PLAN,
    observationsSection('Informações complementares ao registro SOAP.'),
  ],
  common: {
    chiefComplaint: ['reasonForEncounter'],
    historyOfPresentIllness: ['subjective'],
    physicalExam: ['objective'],
    diagnosticHypothesis: ['assessment'],
    treatment: ['plan'],
    observations: ['observations'],
  },
  routing: SOAP_ROUTING,
  basePrompt: SOAP_PROMPT,
};

const medicoFamiliaPersonalizado: SpecialtyProfile = {
  professional: 'medico_familia_personalizado',
  title: 'Consulta de Medicina de Família — Registro Ampliado (SOAP)',
  role: 'Médico(a) de Família e Comunidade',
  sections: [
    REASON_FOR_ENCOUNTER,
    SOAP_SUBJECTIVE,
    {
      key: 'lifeContext',
      heading: 'Contexto Familiar e Social',
      guidance:
        'Com quem a pessoa mora, ciclo de vida familiar, trabalho, rede de apoio, condições de ' +
        'moradia e eventos de vida que influenciam o problema.',
      cues: [
        'contexto familiar',
        'contexto social',
        'contexto',
        'família',
        'genograma',
        'mora com',
        'reside com',
        'rede de apoio',
      ],
    },
    SOAP_OBJECTIVE,
    SOAP_ASSESSMENT,
    SOAP_PLAN,
    {
      key: 'preventiveCare',
      heading: 'Ações Preventivas e Rastreamentos',
      guidance:
        'Vacinação, rastreamentos indicados para idade e sexo, prevenção quaternária e metas de ' +
        'cuidado combinadas com a pessoa.',
      cues: ['prevenção', 'preventivo', 'rastreamento', 'rastreamentos', 'vacinas', 'vacinação'],
    },
    observationsSection('Informações complementares ao registro.'),
  ],
  common: {
    chiefComplaint: ['reasonForEncounter'],
    historyOfPresentIllness: ['subjective', 'lifeContext'],
    physicalExam: ['objective'],
    diagnosticHypothesis: ['assessment'],
    treatment: ['plan', 'preventiveCare'],
    observations: ['observations'],
  },
  routing: SOAP_ROUTING,
  basePrompt:
    `${SOAP_PROMPT} Use o método clínico centrado na pessoa: registre também as ideias, ` +
    'preocupações e expectativas da pessoa, o contexto familiar e social e as ações preventivas ' +
    'pertinentes.',
};

const medicoAmbulatorio: SpecialtyProfile = {
  professional: 'medico_ambulatorio',
  title: 'Atendimento Ambulatorial',
  role: 'Médico(a) em atendimento ambulatorial',
  sections: [
    {
      key: 'chiefComplaint',
      heading: 'Queixa Principal',
      guidance: 'O motivo da consulta ou do retorno ambulatorial, em poucas palavras.',
      cues: CHIEF_COMPLAINT_CUES,
    },
    {
      key: 'historyOfPresentIllness',
      heading: 'História da Doença Atual',
      guidance:
        'Evolução do quadro desde o início ou desde a última consulta, resposta ao tratamento, ' +
        'adesão e efeitos adversos.',
      cues: [...HPI_CUES, 'desde a última consulta'],
    },
    {
      key: 'pastHistory',
      heading: 'Antecedentes',
      guidance: 'Comorbidades, alergias, cirurgias e hábitos de vida.',
      cues: PAST_HISTORY_CUES,
    },
    {
      key: 'physicalExam',
      heading: 'Exame Físico',
      guidance: 'Estado geral, sinais vitais com unidades e exame dirigido.',
      cues: EXAM_CUES,
    },
    {
      key: 'complementaryExams',
      heading: 'Exames Complementares',
      guidance: 'Resultados de exames com datas e valores, e comparação com exames anteriores.',
      cues: COMPLEMENTARY_EXAM_CUES,
    },
    {
      key: 'diagnosticHypothesis',
      heading: 'Hipóteses Diagnósticas',
      guidance: 'Diagnósticos e hipóteses em lista, com CID-10 somente se mencionado.',
      cues: HYPOTHESIS_CUES,
    },
    {
      key: 'plan',
      heading: 'Conduta e Plano Terapêutico',
      guidance:
        'Prescrições (um medicamento por linha), ajustes de dose, exames solicitados, ' +
        'orientações e encaminhamentos.',
      cues: PLAN_CUES,
    },
    {
      key: 'followUp',
      heading: 'Retorno e Seguimento',
      guidance: 'Prazo de retorno, o que trazer na próxima consulta e sinais de alerta.',
      cues: ['retorno', 'retornar', 'reavaliação', 'seguimento', 'sinais de alarme'],
    },
    OTHER_OBSERVATIONS,
  ],
  common: anamnesisCommon(['plan', 'followUp']),
  routing: ANAMNESIS_ROUTING,
  basePrompt:
    'Você é médico(a) de ambulatório de especialidades registrando uma consulta de ' +
    'acompanhamento. Dê destaque à evolução desde a consulta anterior, aos resultados de exames ' +
    `e aos ajustes terapêuticos, e registre o retorno. ${MEDICAL_STYLE}`,
};

const medicoTrabalho: SpecialtyProfile = {
  professional: 'medico_trabalho',
  title: 'Atestado de Saúde Ocupacional — Avaliação Clínica',
  role: 'Médico(a) do Trabalho, examinador(a) do PCMSO (NR-7)',
  sections: [
    {
      key: 'workerData',
      heading: 'Dados do Trabalhador',
      guidance: 'Nome, idade, sexo, documento, empresa e matrícula do trabalhador, quando ditados.',
      cues: [
        'dados do trabalhador',
        'identificação',
        'trabalhador',
        'trabalhadora',
        'empresa',
        'empregador',
        'nome',
      ],
    },
    {
      key: 'examType',
      heading: 'Tipo de Exame',
      guidance:
        'Admissional, periódico, de retorno ao trabalho, de mudança de riscos ocupacionais ou ' +
        'demissional (NR-7).',
      cues: [
        'tipo de exame',
        'exame admissional',
        'exame periódico',
        'exame demissional',
        'exame de retorno',
        'exame de retorno ao trabalho',
        'exame de mudança de risco',
        'exame de mudança de função',
        'admissional',
        'periódico',
        'demissional',
        'mudança de risco',
        'mudança de riscos',
      ],
    },
    {
      key: 'jobRole',
      heading: 'Função e Setor',
      guidance: 'Cargo ou função, setor, atividades desempenhadas, jornada e turno.',
      cues: ['função', 'cargo', 'setor', 'ocupação', 'exerce a função', 'trabalha como', 'jornada'],
    },
    {
      key: 'occupationalHistory',
      heading: 'História Ocupacional',
      guidance:
        'Empregos e funções anteriores com tempo de exposição, acidentes de trabalho, doenças ' +
        'ocupacionais e afastamentos prévios.',
      cues: [
        'história ocupacional',
        'histórico ocupacional',
        'empregos anteriores',
        'trabalhou',
        'anteriormente',
        'acidente de trabalho',
        'acidentes de trabalho',
        'afastamentos',
      ],
    },
    {
      key: 'riskExposure',
      heading: 'Exposição a Riscos Ocupacionais',
      guidance:
        'Riscos do PGR/PCMSO a que o trabalhador está exposto: físicos (ruído, calor, vibração, ' +
        'radiação), químicos (poeiras, fumos, vapores, solventes), biológicos, ergonômicos ' +
        '(postura, repetitividade, levantamento de peso) e de acidentes; uso de EPI. Se o ' +
        'profissional disser que não há exposição, registre ausência de riscos específicos.',
      cues: [
        'exposição',
        'exposição a riscos',
        'exposto',
        'exposta',
        'riscos',
        'riscos ocupacionais',
        'risco',
        'agentes',
        'epi',
        'epis',
        'usa epi',
      ],
    },
    {
      key: 'clinicalHistory',
      heading: 'Anamnese Clínica',
      guidance:
        'Queixas atuais, antecedentes pessoais, medicamentos em uso, hábitos (tabagismo, ' +
        'etilismo) e revisão de sistemas relevante para a função.',
      cues: [
        'anamnese',
        'queixa',
        'queixas',
        'antecedentes',
        'comorbidades',
        'hábitos',
        'medicações em uso',
        'medicamentos em uso',
        'história clínica',
      ],
    },
    {
      key: 'clinicalExam',
      heading: 'Exame Clínico',
      guidance: 'Sinais vitais com unidades e exame físico dirigido aos riscos da função.',
      cues: EXAM_CUES,
    },
    {
      key: 'complementaryExams',
      heading: 'Exames Complementares',
      guidance:
        'Exames do PCMSO e seus resultados: audiometria, espirometria, acuidade visual, ' +
        'hemograma, glicemia, eletrocardiograma, radiografia de tórax, entre outros.',
      cues: [
        ...COMPLEMENTARY_EXAM_CUES,
        'audiometria',
        'espirometria',
        'acuidade visual',
        'eletrocardiograma',
        'hemograma',
        'raio x',
        'radiografia',
      ],
    },
    {
      key: 'aptitude',
      heading: 'Conclusão de Aptidão (NR-7)',
      guidance:
        'Apto ou inapto para a função, exatamente como concluído pelo médico, com restrições ' +
        'quando houver. Nunca conclua a aptidão se o médico não a declarou.',
      cues: [
        'conclusão',
        'aptidão',
        'apto',
        'apta',
        'inapto',
        'inapta',
        'considero',
        'parecer',
        'concluo',
      ],
    },
    {
      key: 'recommendations',
      heading: 'Recomendações e Conduta',
      guidance:
        'Orientações ao trabalhador e à empresa, uso de EPI, encaminhamentos e periodicidade do ' +
        'próximo exame.',
      cues: ['recomendações', 'recomendo', 'conduta', 'oriento', 'orientações', 'encaminho'],
    },
    OTHER_OBSERVATIONS,
  ],
  common: {
    chiefComplaint: ['examType'],
    historyOfPresentIllness: ['occupationalHistory', 'riskExposure', 'clinicalHistory'],
    physicalExam: ['clinicalExam', 'complementaryExams'],
    diagnosticHypothesis: ['aptitude'],
    treatment: ['recommendations'],
    observations: ['observations'],
  },
  routing: {
    default: 'workerData',
    vitals: 'clinicalExam',
    medications: null,
    keepMedications: [],
    identification: 'workerData',
    observations: 'observations',
  },
  basePrompt:
    'Você é médico(a) do trabalho examinador(a) do PCMSO e redige a avaliação clínica que ' +
    'fundamenta o Atestado de Saúde Ocupacional (ASO), conforme a NR-7. Identifique o tipo de ' +
    'exame, a função e o setor, a história ocupacional e a exposição a riscos físicos, químicos, ' +
    'biológicos, ergonômicos e de acidentes conforme o PGR. Registre o exame clínico, os exames ' +
    'complementares e a conclusão de aptidão (apto ou inapto para a função) exatamente como o ' +
    'médico a declarou, sem deduzi-la. Use linguagem técnica, objetiva e impessoal.',
};

const medicoVisitador: SpecialtyProfile = {
  professional: 'medico_visitador',
  title: 'Relatório de Visita Domiciliar Médica',
  role: 'Médico(a) visitador(a) em atenção domiciliar',
  sections: [
    {
      key: 'visitReason',
      heading: 'Motivo da Visita',
      guidance: 'Por que a visita foi feita: acompanhamento programado, intercorrência, alta.',
      cues: ['motivo da visita', 'motivo', 'visita', 'visita domiciliar', ...CHIEF_COMPLAINT_CUES],
    },
    {
      key: 'clinicalHistory',
      heading: 'História Clínica e Evolução desde a Última Visita',
      guidance:
        'Diagnósticos de base, evolução e intercorrências desde a última visita, relato do ' +
        'paciente e do cuidador.',
      cues: [...HPI_CUES, 'desde a última visita', 'intercorrências'],
    },
    {
      key: 'currentMedications',
      heading: 'Medicações em Uso',
      guidance: 'Medicamentos em uso no domicílio, com dose e horário, e adesão.',
      cues: ['medicações em uso', 'medicamentos em uso', 'medicação em uso', 'em uso de'],
    },
    {
      key: 'homeConditions',
      heading: 'Condições do Domicílio',
      guidance:
        'Acessibilidade, higiene, ventilação, iluminação, riscos de queda, saneamento e ' +
        'adequação do ambiente aos cuidados.',
      cues: [
        'domicílio',
        'condições do domicílio',
        'casa',
        'residência',
        'moradia',
        'ambiente',
        'o domicílio',
        'a casa',
      ],
    },
    {
      key: 'caregiver',
      heading: 'Cuidador e Rede de Apoio',
      guidance:
        'Quem é o cuidador principal, sua capacidade de cuidar, sobrecarga e a rede de apoio ' +
        'familiar e de serviços.',
      cues: ['cuidador', 'cuidadora', 'cuidado por', 'cuidada por', 'rede de apoio', 'família'],
    },
    {
      key: 'physicalExam',
      heading: 'Exame Físico',
      guidance:
        'Estado geral, sinais vitais com unidades, pele e lesões, dispositivos (sondas, ' +
        'cateteres, ostomias) e funcionalidade.',
      cues: EXAM_CUES,
    },
    {
      key: 'assessment',
      heading: 'Avaliação',
      guidance: 'Impressão clínica do médico sobre a evolução e os problemas atuais.',
      cues: ['avaliação', ...HYPOTHESIS_CUES, 'impressão'],
    },
    {
      key: 'plan',
      heading: 'Plano e Orientações ao Cuidador',
      guidance:
        'Ajustes de prescrição (um medicamento por linha), cuidados, orientações ao cuidador e ' +
        'encaminhamentos.',
      cues: [...PLAN_CUES, 'oriento o cuidador', 'oriento a cuidadora'],
    },
    {
      key: 'nextVisit',
      heading: 'Próxima Visita',
      guidance: 'Data ou prazo da próxima visita e critérios para antecipá-la.',
      cues: ['próxima visita', 'retorno', 'nova visita', 'revisita'],
    },
    observationsSection(
      'Informações relevantes, inclusive dados do relatório anterior trazidos como contexto.',
    ),
  ],
  common: {
    chiefComplaint: ['visitReason'],
    historyOfPresentIllness: ['clinicalHistory', 'currentMedications'],
    physicalExam: ['physicalExam'],
    diagnosticHypothesis: ['assessment'],
    treatment: ['plan'],
    observations: ['homeConditions', 'caregiver', 'nextVisit', 'observations'],
  },
  routing: {
    default: 'clinicalHistory',
    vitals: 'physicalExam',
    medications: 'plan',
    keepMedications: ['currentMedications', 'clinicalHistory'],
    identification: null,
    observations: 'observations',
  },
  basePrompt:
    'Você é médico(a) de atenção domiciliar e redige o relatório de uma visita. Descreva a ' +
    'evolução desde a última visita, as condições do domicílio, o cuidador e a rede de apoio, o ' +
    'exame físico, a avaliação e o plano com orientações ao cuidador. Quando houver relatório ' +
    'anterior no contexto adicional, compare a evolução com ele sem copiá-lo. ' +
    MEDICAL_STYLE,
};

/** The nursing notes' words for care given ("realizado curativo", "administrei dipirona"). */
const PERFORMED_CUES = [
  'realizado',
  'realizada',
  'realizados',
  'realizadas',
  'realizei',
  'administrado',
  'administrada',
  'administrei',
];

const enfermeira: SpecialtyProfile = {
  professional: 'enfermeira',
  title: 'Evolução de Enfermagem — Processo de Enfermagem',
  role: 'Enfermeiro(a) (Processo de Enfermagem, Resolução COFEN nº 736/2024)',
  sections: [
    {
      key: 'assessment',
      heading: 'Avaliação de Enfermagem (Histórico e Coleta de Dados)',
      guidance:
        'Dados subjetivos e objetivos: queixas, nível de consciência, sinais vitais com unidades, ' +
        'exame físico de enfermagem, dispositivos, pele, eliminações, alimentação, sono, ' +
        'mobilidade, dor e escalas de risco (Braden, Morse).',
      cues: [
        'avaliação de enfermagem',
        'histórico',
        'histórico de enfermagem',
        'coleta de dados',
        'anamnese',
        ...EXAM_CUES,
      ],
    },
    {
      key: 'nursingDiagnoses',
      heading: 'Diagnósticos de Enfermagem',
      guidance:
        'Diagnósticos de enfermagem (por exemplo NANDA-I ou CIPE) com fatores relacionados e ' +
        'características definidoras, somente os formulados pelo enfermeiro.',
      cues: [
        'diagnóstico',
        'diagnósticos',
        'diagnóstico de enfermagem',
        'diagnósticos de enfermagem',
        'risco de',
      ],
    },
    {
      key: 'planning',
      heading: 'Planejamento de Enfermagem',
      guidance: 'Resultados esperados e metas, e as intervenções prescritas pelo enfermeiro.',
      cues: [
        'planejamento',
        'planejamento de enfermagem',
        'metas',
        'meta',
        'resultados esperados',
        'resultado esperado',
        'objetivos',
        'prescrição de enfermagem',
      ],
    },
    {
      key: 'implementation',
      heading: 'Implementação de Enfermagem (Intervenções)',
      guidance:
        'Cuidados e procedimentos realizados, medicações administradas (uma por linha, com dose ' +
        'e via), orientações dadas e comunicações à equipe.',
      cues: [
        'implementação',
        'intervenções',
        'intervenção',
        ...PERFORMED_CUES,
        'cuidados',
        'oriento',
        'orientações',
      ],
    },
    {
      key: 'evaluation',
      heading: 'Evolução de Enfermagem (Avaliação dos Resultados)',
      guidance:
        'Resposta da pessoa às intervenções, metas alcançadas ou não e necessidade de revisar ' +
        'o plano.',
      cues: [
        'evolução',
        'evolução de enfermagem',
        'avaliação',
        'reavaliação',
        'evolui',
        'paciente evolui',
        'resultado',
      ],
    },
    observationsSection('Intercorrências, pendências e informações para a passagem de plantão.'),
  ],
  common: {
    chiefComplaint: [],
    historyOfPresentIllness: ['assessment'],
    physicalExam: ['assessment'],
    diagnosticHypothesis: ['nursingDiagnoses'],
    treatment: ['planning', 'implementation'],
    observations: ['evaluation', 'observations'],
  },
  routing: {
    default: 'assessment',
    vitals: 'assessment',
    medications: 'implementation',
    keepMedications: ['assessment'],
    identification: null,
    observations: 'observations',
  },
  basePrompt:
    'Você é enfermeiro(a) e registra o Processo de Enfermagem conforme a Resolução COFEN nº ' +
    '736/2024, em suas cinco etapas: Avaliação de Enfermagem, Diagnóstico de Enfermagem, ' +
    'Planejamento de Enfermagem, Implementação de Enfermagem e Evolução de Enfermagem. Escreva ' +
    'com linguagem técnica de enfermagem, na terceira pessoa, com sinais vitais e unidades, e ' +
    'formule os diagnósticos de enfermagem apenas quando sustentados pelos dados ditados. Não ' +
    'registre diagnósticos médicos como diagnósticos de enfermagem.',
};

const tecnicoEnfermagem: SpecialtyProfile = {
  professional: 'tecnico_enfermagem',
  title: 'Anotação de Enfermagem',
  role: 'Técnico(a) de Enfermagem',
  sections: [
    {
      key: 'generalState',
      heading: 'Estado Geral e Queixas',
      guidance:
        'Como o paciente foi encontrado: nível de consciência, posição, dispositivos, queixas ' +
        'referidas, com horário quando informado.',
      cues: ['estado geral', 'encontra-se', 'queixa', 'queixas', 'queixa-se', 'refere'],
    },
    {
      key: 'vitalSigns',
      heading: 'Sinais Vitais',
      guidance: 'Sinais vitais aferidos com horário e unidades, um por linha.',
      cues: ['sinais vitais', 'ssvv', 'aferidos', 'aferido', 'aferição', 'sinais'],
    },
    {
      key: 'procedures',
      heading: 'Procedimentos Realizados',
      guidance:
        'Medicações administradas conforme prescrição (uma por linha, com dose, via e horário), ' +
        'curativos, higiene, mudança de decúbito, punções, sondagens e coletas.',
      cues: [
        'procedimentos',
        'procedimento',
        ...PERFORMED_CUES,
        'medicado',
        'medicada',
        'curativo',
        'banho',
        'mudança de decúbito',
        'punção',
        'sondagem',
        'coletado',
        'coletada',
      ],
    },
    {
      key: 'intakeOutput',
      heading: 'Alimentação, Eliminações e Balanço',
      guidance: 'Aceitação da dieta, ingesta hídrica, diurese, evacuações e drenagens.',
      cues: [
        'dieta',
        'aceitou',
        'aceitação',
        'alimentação',
        'ingesta',
        'diurese',
        'evacuação',
        'evacuações',
        'eliminações',
        'balanço hídrico',
      ],
    },
    {
      key: 'incidents',
      heading: 'Intercorrências',
      guidance:
        'Intercorrências com horário, providências tomadas e a quem foram comunicadas; "sem ' +
        'intercorrências" somente se o profissional o disse.',
      cues: [
        'intercorrência',
        'intercorrências',
        'sem intercorrências',
        'apresentou',
        'comunicado',
        'comunicada',
        'comunico',
      ],
    },
    observationsSection('Informações para a passagem de plantão.'),
  ],
  common: {
    chiefComplaint: [],
    historyOfPresentIllness: ['generalState'],
    physicalExam: ['vitalSigns'],
    diagnosticHypothesis: [],
    treatment: ['procedures'],
    observations: ['intakeOutput', 'incidents', 'observations'],
  },
  routing: {
    default: 'generalState',
    vitals: 'vitalSigns',
    medications: 'procedures',
    keepMedications: [],
    identification: null,
    observations: 'observations',
  },
  basePrompt:
    'Você é técnico(a) de enfermagem e redige a anotação de enfermagem do plantão: registro ' +
    'factual, cronológico e objetivo do que foi observado e realizado, com horários quando ' +
    'informados, sinais vitais com unidades, procedimentos e medicações administradas conforme ' +
    'prescrição, e intercorrências com a quem foram comunicadas. Não formule diagnósticos nem ' +
    'interpretações clínicas; evite termos vagos como "bem" ou "normal" sem o dado observado.',
};

const nutricionista: SpecialtyProfile = {
  professional: 'nutricionista',
  title: 'Evolução Nutricional — Consulta de Nutrição',
  role: 'Nutricionista',
  sections: [
    {
      key: 'reason',
      heading: 'Motivo da Consulta e Objetivo',
      guidance: 'Por que a pessoa procurou o atendimento e o objetivo nutricional dela.',
      cues: [...CHIEF_COMPLAINT_CUES, 'motivo', 'objetivo', 'objetivos', 'procura'],
    },
    {
      key: 'clinicalHistory',
      heading: 'História Clínica e Antecedentes',
      guidance:
        'Diagnósticos médicos, medicamentos e suplementos em uso, sintomas gastrointestinais, ' +
        'atividade física, sono e hábito intestinal.',
      cues: [
        'história',
        'história clínica',
        'antecedentes',
        'comorbidades',
        'diagnóstico médico',
        'medicações em uso',
        'medicamentos em uso',
        'atividade física',
        'hábito intestinal',
      ],
    },
    {
      key: 'anthropometry',
      heading: 'Avaliação Antropométrica',
      guidance:
        'Peso, altura, IMC, circunferências (cintura, abdominal, quadril, panturrilha), dobras ' +
        'cutâneas e bioimpedância, com unidades.',
      cues: [
        'avaliação antropométrica',
        'antropometria',
        'peso',
        'altura',
        'estatura',
        'imc',
        'circunferência',
        'circunferência da cintura',
        'circunferência abdominal',
        'dobras cutâneas',
        'bioimpedância',
      ],
    },
    {
      key: 'dietaryHistory',
      heading: 'Anamnese Alimentar e Recordatório de 24 Horas',
      guidance:
        'Hábitos e preferências alimentares, aversões, alergias e intolerâncias, ingestão ' +
        'hídrica e o recordatório de 24 horas por refeição (café da manhã, colação, almoço, ' +
        'lanche, jantar, ceia), com quantidades em medidas caseiras.',
      cues: [
        'anamnese alimentar',
        'recordatório',
        'recordatório alimentar',
        'recordatório de 24 horas',
        'recordatório 24 horas',
        'hábitos alimentares',
        'café da manhã',
        'no café da manhã',
        'colação',
        'almoço',
        'no almoço',
        'lanche',
        'lanche da tarde',
        'jantar',
        'no jantar',
        'ceia',
        'ingestão hídrica',
        'consumo de água',
      ],
    },
    {
      key: 'labs',
      heading: 'Exames Bioquímicos',
      guidance: 'Resultados de exames laboratoriais relevantes para a nutrição, com datas.',
      cues: ['exames', 'exames bioquímicos', 'exames laboratoriais', 'laboratório'],
    },
    {
      key: 'nutritionalDiagnosis',
      heading: 'Diagnóstico Nutricional',
      guidance:
        'Estado nutricional (classificação do IMC para a idade) e diagnóstico nutricional ' +
        'formulado pelo nutricionista.',
      cues: ['diagnóstico nutricional', 'diagnóstico', 'estado nutricional', 'classificação'],
    },
    {
      key: 'dietPlan',
      heading: 'Conduta Dietoterápica',
      guidance:
        'Prescrição dietética (valor energético, distribuição de macronutrientes, consistência, ' +
        'fracionamento), suplementação (uma por linha, com dose), orientações e metas.',
      cues: [
        'conduta',
        'conduta dietoterápica',
        'conduta nutricional',
        'plano alimentar',
        'prescrição dietética',
        'dieta',
        'oriento',
        'orientações',
        'suplementação',
        'metas',
        'meta',
        'valor energético',
      ],
    },
    {
      key: 'followUp',
      heading: 'Retorno e Monitoramento',
      guidance: 'Prazo de retorno e o que será monitorado.',
      cues: ['retorno', 'reavaliação', 'monitoramento'],
    },
    OTHER_OBSERVATIONS,
  ],
  common: {
    chiefComplaint: ['reason'],
    historyOfPresentIllness: ['clinicalHistory', 'dietaryHistory'],
    physicalExam: ['anthropometry', 'labs'],
    diagnosticHypothesis: ['nutritionalDiagnosis'],
    treatment: ['dietPlan'],
    observations: ['followUp', 'observations'],
  },
  routing: {
    default: 'clinicalHistory',
    vitals: 'anthropometry',
    medications: 'dietPlan',
    keepMedications: ['clinicalHistory'],
    identification: null,
    observations: 'observations',
  },
  basePrompt:
    'Você é nutricionista e registra a consulta de nutrição: motivo e objetivo, história ' +
    'clínica, avaliação antropométrica (peso, altura, IMC e circunferências com unidades), ' +
    'anamnese alimentar com recordatório de 24 horas por refeição, exames bioquímicos, ' +
    'diagnóstico nutricional e conduta dietoterápica com metas. Use linguagem técnica da ' +
    'nutrição clínica e medidas caseiras como ditadas; não calcule nem invente valores que não ' +
    'foram informados, exceto o IMC quando peso e altura forem ditados.',
};

/** The reports that answer a demand (social, psychological): no vitals, no drugs. */
const DEMAND_REPORT_ROUTING: SectionRouting = {
  default: 'demand',
  vitals: null,
  medications: null,
  keepMedications: [],
  identification: 'identification',
  observations: 'observations',
};

const assistenteSocial: SpecialtyProfile = {
  professional: 'assistente_social',
  title: 'Relatório Social',
  role: 'Assistente Social',
  sections: [
    {
      key: 'identification',
      heading: 'Identificação do Usuário',
      guidance: 'Nome, idade, sexo, documentos, endereço e contato do usuário, quando ditados.',
      cues: ['identificação', 'dados de identificação', 'nome', 'usuário', 'usuária'],
    },
    {
      key: 'demand',
      heading: 'Demanda e Motivo do Atendimento',
      guidance: 'Como o usuário chegou ao serviço, quem encaminhou e a demanda apresentada.',
      cues: [
        'demanda',
        'motivo',
        'motivo do atendimento',
        'procura o serviço',
        'procurou o serviço',
        'encaminhado por',
        'encaminhada por',
        'compareceu',
      ],
    },
    {
      key: 'familyComposition',
      heading: 'Composição Familiar',
      guidance:
        'Membros do núcleo familiar com parentesco, idade, ocupação e renda de cada um, quando ' +
        'informados, e as relações familiares.',
      cues: [
        'composição familiar',
        'núcleo familiar',
        'família',
        'reside com',
        'mora com',
        'filhos',
        'cônjuge',
        'companheiro',
        'companheira',
      ],
    },
    {
      key: 'socioeconomic',
      heading: 'Situação Socioeconômica',
      guidance:
        'Renda familiar e suas fontes, trabalho, escolaridade, benefícios socioassistenciais e ' +
        'previdenciários (Bolsa Família, BPC, aposentadoria) e inscrição no CadÚnico.',
      cues: [
        'situação socioeconômica',
        'renda',
        'renda familiar',
        'benefício',
        'benefícios',
        'bolsa família',
        'bpc',
        'cadúnico',
        'cadastro único',
        'escolaridade',
        'situação de trabalho',
        'desempregado',
        'desempregada',
        'aposentado',
        'aposentada',
      ],
    },
    {
      key: 'housing',
      heading: 'Condições de Habitação',
      guidance:
        'Tipo e situação do imóvel (próprio, alugado, cedido, ocupação), número de cômodos, ' +
        'material, saneamento, energia e acesso a serviços no território.',
      cues: [
        'habitação',
        'condições de habitação',
        'moradia',
        'condições de moradia',
        'reside em',
        'casa',
        'imóvel',
        'saneamento',
        'residência',
      ],
    },
    {
      key: 'supportNetwork',
      heading: 'Rede de Apoio e Acesso a Serviços',
      guidance:
        'Apoio de familiares, vizinhos e comunidade, e serviços da rede (CRAS, CREAS, CAPS, UBS, ' +
        'escola, Conselho Tutelar) já acessados.',
      cues: ['rede de apoio', 'apoio', 'conta com', 'cras', 'creas', 'caps', 'ubs', 'rede'],
    },
    {
      key: 'analysis',
      heading: 'Análise Social',
      guidance:
        'Leitura técnica da situação: vulnerabilidades e riscos sociais, violações de direitos e ' +
        'potencialidades, sem julgamento moral.',
      cues: [
        'análise',
        'análise social',
        'avaliação social',
        'observa-se',
        'percebe-se',
        'verifica-se',
        'identifica-se',
        'vulnerabilidade',
      ],
    },
    {
      key: 'opinion',
      heading: 'Parecer Social e Encaminhamentos',
      guidance:
        'O parecer do assistente social e os encaminhamentos e orientações realizados, com os ' +
        'serviços de destino.',
      cues: [
        'parecer',
        'parecer social',
        'conclusão',
        'encaminhamento',
        'encaminhamentos',
        'encaminho',
        'encaminhada ao',
        'encaminhado ao',
        'encaminhada à',
        'encaminhado à',
        'sugiro',
        'oriento',
        'orientações',
        'orientada',
        'orientado',
      ],
    },
    OTHER_OBSERVATIONS,
  ],
  common: {
    chiefComplaint: ['demand'],
    historyOfPresentIllness: ['familyComposition', 'socioeconomic', 'housing', 'supportNetwork'],
    physicalExam: [],
    diagnosticHypothesis: ['analysis'],
    treatment: ['opinion'],
    observations: ['observations'],
  },
  routing: DEMAND_REPORT_ROUTING,
  basePrompt:
    'Você é assistente social e redige um relatório social, com parecer, no estilo técnico do ' +
    'Serviço Social: identificação, demanda, composição familiar, situação socioeconômica, ' +
    'condições de habitação, rede de apoio, análise da situação e parecer social com ' +
    'encaminhamentos. Escreva de forma técnica, ética e sem juízo de valor, na terceira pessoa, ' +
    'preservando o sigilo e registrando apenas o necessário à finalidade do documento.',
};

const PSYCHIATRY_SECTIONS: readonly SectionSpec[] = [
  {
    key: 'chiefComplaint',
    heading: 'Queixa Principal',
    guidance: 'O motivo da consulta nas palavras do paciente ou do acompanhante.',
    cues: CHIEF_COMPLAINT_CUES,
  },
  {
    key: 'historyOfPresentIllness',
    heading: 'História da Doença Atual',
    guidance:
      'Início e evolução dos sintomas psíquicos, fatores desencadeantes, impacto funcional e ' +
      'tratamentos em curso, em ordem cronológica.',
    cues: HPI_CUES,
  },
  {
    key: 'psychiatricHistory',
    heading: 'Antecedentes Psiquiátricos e Tratamentos Prévios',
    guidance:
      'Episódios anteriores, internações, tentativas de suicídio, psicofármacos já usados com ' +
      'resposta e efeitos adversos, psicoterapias.',
    cues: [
      'antecedentes psiquiátricos',
      'história psiquiátrica',
      'internações',
      'internação',
      'tratamentos prévios',
      'tratamento prévio',
      'já fez uso',
    ],
  },
  {
    key: 'medicalAndFamilyHistory',
    heading: 'Antecedentes Clínicos, Familiares e Uso de Substâncias',
    guidance:
      'Doenças clínicas, medicamentos em uso, alergias, transtornos mentais na família e uso de ' +
      'álcool, tabaco e outras substâncias (padrão, quantidade, última vez).',
    cues: [
      'antecedentes',
      'antecedentes clínicos',
      'antecedentes familiares',
      'história familiar',
      'comorbidades',
      'medicações em uso',
      'medicamentos em uso',
      'uso de substâncias',
      'substâncias',
      'tabagismo',
      'etilismo',
    ],
  },
  {
    key: 'personalHistory',
    heading: 'História Pessoal e Social',
    guidance:
      'Desenvolvimento, escolaridade, trabalho, relacionamentos, com quem mora e rede de apoio.',
    cues: ['história pessoal', 'história social', 'mora com', 'reside com', 'escolaridade'],
  },
  {
    key: 'mentalStatusExam',
    heading: 'Exame do Estado Mental',
    guidance: `Descreva, por item, o que foi observado: ${PSYCHIATRIC_MSE}. Não preencha itens não avaliados.`,
    cues: [
      'exame do estado mental',
      'exame psíquico',
      'exame mental',
      'eem',
      'ao exame',
      'ao exame psíquico',
      'aparência',
      'apresenta-se',
      'atitude',
      'consciência',
      'vigil',
      'lúcido',
      'lúcida',
      'orientação',
      'orientado em',
      'orientada em',
      'orientado no',
      'orientada no',
      'orientado auto',
      'orientada auto',
      'atenção',
      'memória',
      'pensamento',
      'curso do pensamento',
      'sensopercepção',
      'afeto',
      'humor',
      'psicomotricidade',
      'linguagem',
      'juízo',
      'juízo crítico',
      'crítica',
      'insight',
    ],
  },
];
const PSYCHIATRY_HYPOTHESIS: SectionSpec = {
  key: 'diagnosticHypothesis',
  heading: 'Hipótese Diagnóstica (CID-10)',
  guidance:
    'As hipóteses diagnósticas do psiquiatra com o código CID-10 (capítulo F) somente quando ele ' +
    'o mencionou ou quando o diagnóstico nomeado corresponde a um código inequívoco.',
  cues: HYPOTHESIS_CUES,
};
const PSYCHIATRY_PLAN: SectionSpec = {
  key: 'plan',
  heading: 'Conduta',
  guidance:
    'Psicofármacos (um por linha: dose, via, horário, ajustes), psicoterapia, exames, ' +
    'orientações ao paciente e à família, encaminhamentos e retorno.',
  cues: [...PLAN_CUES, 'ajusto', 'retorno'],
};
/** Both psychiatric notes end with the diagnosis, the plan and the rest. */
const PSYCHIATRY_CLOSING: readonly SectionSpec[] = [
  PSYCHIATRY_HYPOTHESIS,
  PSYCHIATRY_PLAN,
  OTHER_OBSERVATIONS,
];
const PSYCHIATRY_ROUTING: SectionRouting = {
  default: 'historyOfPresentIllness',
  vitals: 'mentalStatusExam',
  medications: 'plan',
  keepMedications: ['psychiatricHistory', 'medicalAndFamilyHistory', 'historyOfPresentIllness'],
  identification: null,
  observations: 'observations',
};
const PSYCHIATRY_PROMPT =
  'Você é médico(a) psiquiatra e registra a consulta com anamnese psiquiátrica e Exame do ' +
  `Estado Mental descritivo (${PSYCHIATRIC_MSE}), usando a terminologia da psicopatologia ` +
  'clássica. Registre a hipótese diagnóstica com CID-10 e a conduta com psicofármacos, doses e ' +
  'horários como ditados. Seja fiel ao relato: não atribua sintomas que não foram descritos.';

const psiquiatria: SpecialtyProfile = {
  professional: 'psiquiatria',
  title: 'Consulta Psiquiátrica',
  role: 'Médico(a) Psiquiatra',
  sections: [...PSYCHIATRY_SECTIONS, ...PSYCHIATRY_CLOSING],
  common: {
    chiefComplaint: ['chiefComplaint'],
    historyOfPresentIllness: ['historyOfPresentIllness', 'psychiatricHistory'],
    physicalExam: ['mentalStatusExam'],
    diagnosticHypothesis: ['diagnosticHypothesis'],
    treatment: ['plan'],
    observations: ['observations'],
  },
  routing: PSYCHIATRY_ROUTING,
  basePrompt: PSYCHIATRY_PROMPT,
};

const psiquiatriaPersonalizado: SpecialtyProfile = {
  professional: 'psiquiatria_personalizado',
  title: 'Avaliação Psiquiátrica Ampliada com Avaliação de Risco',
  role: 'Médico(a) Psiquiatra',
  sections: [
    ...PSYCHIATRY_SECTIONS,
    {
      key: 'riskAssessment',
      heading: 'Avaliação de Risco (Suicídio e Heteroagressividade)',
      guidance:
        'Ideação, planejamento e intenção suicida, tentativas prévias, acesso a meios, ' +
        'heteroagressividade, fatores de risco e de proteção, e o nível de risco estimado pelo ' +
        'psiquiatra. Registre "não avaliado" se o profissional não abordou o risco.',
      cues: [
        'avaliação de risco',
        'risco',
        'risco de suicídio',
        'risco suicida',
        'ideação',
        'ideação suicida',
        'planejamento suicida',
        'tentativa',
        'tentativas',
        'tentativa de suicídio',
        'heteroagressividade',
        'agressividade',
        'fatores de risco',
        'fatores de proteção',
      ],
    },
    {
      key: 'scales',
      heading: 'Escalas e Instrumentos',
      guidance: 'Escalas aplicadas e seus escores (PHQ-9, GAD-7, BDI, HAM-D, YMRS, entre outras).',
      cues: ['escala', 'escalas', 'phq-9', 'phq', 'gad-7', 'hamilton', 'beck', 'ymrs', 'bdi'],
    },
    ...PSYCHIATRY_CLOSING,
  ],
  common: {
    chiefComplaint: ['chiefComplaint'],
    historyOfPresentIllness: ['historyOfPresentIllness', 'psychiatricHistory'],
    physicalExam: ['mentalStatusExam', 'scales'],
    diagnosticHypothesis: ['diagnosticHypothesis'],
    treatment: ['plan'],
    observations: ['riskAssessment', 'observations'],
  },
  routing: PSYCHIATRY_ROUTING,
  basePrompt:
    `${PSYCHIATRY_PROMPT} Inclua uma avaliação de risco estruturada (suicídio e ` +
    'heteroagressividade) com fatores de risco e de proteção, e os escores das escalas ' +
    'aplicadas. Quando o risco for descrito como moderado ou alto, destaque-o e registre as ' +
    'medidas de proteção ditadas.',
};

const psicoterapia: SpecialtyProfile = {
  professional: 'psicoterapia',
  title: 'Laudo Psicológico Pericial',
  role: 'Psicólogo(a) perito(a) (Resolução CFP nº 06/2019)',
  sections: [
    {
      key: 'identification',
      heading: 'Identificação',
      guidance:
        'Pessoa avaliada (nome, idade, sexo), solicitante (juízo, vara, processo ou instituição) ' +
        'e finalidade do laudo; o autor é o psicólogo responsável.',
      cues: [
        'identificação',
        'pessoa avaliada',
        'avaliado',
        'avaliada',
        'periciando',
        'periciado',
        'periciada',
        'solicitante',
        'interessado',
        'finalidade',
        'processo',
      ],
    },
    {
      key: 'demand',
      heading: 'Descrição da Demanda e Quesitos',
      guidance:
        'O que motivou a avaliação, a questão forense e os quesitos formulados pelo solicitante, ' +
        'transcritos como ditados.',
      cues: [
        'demanda',
        'descrição da demanda',
        'quesito',
        'quesitos',
        'quesito forense',
        'questão forense',
        'motivo da avaliação',
        'solicita-se',
      ],
    },
    {
      key: 'procedures',
      heading: 'Procedimentos',
      guidance:
        'Métodos, técnicas e instrumentos utilizados (entrevistas, testes psicológicos com ' +
        'parecer favorável no SATEPSI, observação, visitas, análise documental), número de ' +
        'encontros, datas e pessoas ouvidas.',
      cues: [
        'procedimento',
        'procedimentos',
        'método',
        'métodos',
        'metodologia',
        'instrumentos',
        'técnicas',
        'foram realizadas',
        'foram realizados',
        'entrevista',
        'entrevistas',
        'aplicado',
        'aplicada',
        'aplicados',
        'testes',
      ],
    },
    {
      key: 'history',
      heading: 'Histórico e Dados Relevantes',
      guidance:
        'História de vida e fatos relevantes para a demanda, com a fonte de cada informação.',
      cues: ['histórico', 'história', 'história de vida', 'consta', 'segundo'],
    },
    {
      key: 'analysis',
      heading: 'Análise',
      guidance:
        'Exposição descritiva, metódica e fundamentada dos dados colhidos e dos resultados, à luz ' +
        'do referencial teórico, sem conclusões além do que os dados sustentam.',
      cues: [
        'análise',
        'observa-se',
        'verifica-se',
        'constata-se',
        'nota-se',
        'os resultados',
        'resultados',
      ],
    },
    {
      key: 'conclusion',
      heading: 'Conclusão',
      guidance:
        'Conclusões da avaliação e resposta aos quesitos, estritamente como formuladas pelo ' +
        'psicólogo, com os limites da avaliação.',
      cues: [
        'conclusão',
        'conclui-se',
        'concluo',
        'diante do exposto',
        'resposta aos quesitos',
        'em resposta',
      ],
    },
    observationsSection(
      'Limites da avaliação, validade temporal do documento e demais considerações.',
    ),
  ],
  common: {
    chiefComplaint: ['demand'],
    historyOfPresentIllness: ['history'],
    physicalExam: ['procedures', 'analysis'],
    diagnosticHypothesis: ['conclusion'],
    treatment: [],
    observations: ['observations'],
  },
  routing: DEMAND_REPORT_ROUTING,
  basePrompt:
    'Você é psicólogo(a) perito(a) e redige um laudo psicológico conforme a Resolução CFP nº ' +
    '06/2019, com os itens Identificação, Descrição da Demanda, Procedimento, Análise e ' +
    'Conclusão. Use linguagem técnica, impessoal, clara e precisa, fundamentada nos dados ' +
    'colhidos e nos instrumentos utilizados; responda aos quesitos apenas com o que foi ' +
    'concluído pelo profissional e evite afirmações categóricas não sustentadas pela avaliação.',
};

// ---- prescriptions ------------------------------------------------------------------------------

const MEDICATION_CUES = [
  'prescrevo',
  'prescrição',
  'medicamentos',
  'medicações',
  'medicação',
  'receito',
  'uso oral',
  'uso tópico',
  'uso endovenoso',
  'uso intramuscular',
];
const CLINICAL_SUMMARY_CUES = ['diagnóstico', 'hd', 'hipótese', 'indicação', 'quadro', 'resumo'];
const PRESCRIPTION_STYLE =
  'Liste cada medicamento em uma linha, na ordem ditada, com nome (preferencialmente pela ' +
  'Denominação Comum Brasileira), concentração, forma farmacêutica, dose, via, frequência e ' +
  'duração. Não acrescente medicamentos, doses nem posologias que não foram ditados.';

const PRESCRIPTION_ROUTING: SectionRouting = {
  default: 'clinicalSummary',
  vitals: 'clinicalSummary',
  medications: 'medications',
  keepMedications: [],
  identification: null,
  observations: 'observations',
};
/** The common fields of a prescription: its indication and its drugs, nothing of an anamnesis. */
const prescriptionCommon = (
  treatment: readonly string[],
  observations: readonly string[],
): SpecialtyProfile['common'] => ({
  chiefComplaint: [],
  historyOfPresentIllness: ['clinicalSummary'],
  physicalExam: [],
  diagnosticHypothesis: [],
  treatment,
  observations,
});
const OUTPATIENT_INDICATION: SectionSpec = {
  key: 'clinicalSummary',
  heading: 'Indicação Clínica',
  guidance: 'O diagnóstico ou a indicação que motiva a prescrição, quando ditado.',
  cues: CLINICAL_SUMMARY_CUES,
};
const PATIENT_INSTRUCTION_CUES = [
  'orientações',
  'oriento',
  'orientado',
  'orientada',
  'recomendações',
  'evitar',
];

const prescricaoHospitalar: SpecialtyProfile = {
  professional: 'prescricao_hospitalar',
  title: 'Prescrição Hospitalar',
  role: 'Médico(a) prescritor(a) em internação hospitalar',
  sections: [
    {
      key: 'clinicalSummary',
      heading: 'Dados Clínicos e Indicação',
      guidance: 'Diagnóstico que motiva a internação e dados clínicos relevantes à prescrição.',
      cues: [...CLINICAL_SUMMARY_CUES, 'internado', 'internada'],
    },
    {
      key: 'diet',
      heading: 'Dieta',
      guidance: 'Tipo, via e consistência da dieta, ou jejum com horário.',
      cues: ['dieta', 'jejum', 'dieta oral', 'dieta zero'],
    },
    {
      key: 'medications',
      heading: 'Medicamentos',
      guidance:
        'Um item por linha: medicamento, dose, diluição, via, frequência ou horário e duração; ' +
        'hidratação venosa com volume e velocidade; medicações "se necessário" com o critério.',
      cues: [...MEDICATION_CUES, 'soro', 'hidratação venosa', 'antibiótico'],
    },
    {
      key: 'nursingCare',
      heading: 'Cuidados de Enfermagem e Monitorização',
      guidance:
        'Sinais vitais e sua frequência, controles (glicemia capilar, diurese, balanço hídrico), ' +
        'decúbito, cabeceira elevada, precauções e curativos.',
      cues: [
        'cuidados',
        'cuidados de enfermagem',
        'controle',
        'controles',
        'monitorização',
        'cabeceira',
        'decúbito',
        'precaução',
        'precauções',
      ],
    },
    {
      key: 'recommendations',
      heading: 'Recomendações',
      guidance: 'Recomendações à equipe, critérios para chamar o plantonista e pendências.',
      cues: ['recomendações', 'orientações', 'oriento', 'atenção', 'chamar'],
    },
    OTHER_OBSERVATIONS,
  ],
  common: prescriptionCommon(
    ['diet', 'medications', 'nursingCare'],
    ['recommendations', 'observations'],
  ),
  routing: PRESCRIPTION_ROUTING,
  basePrompt:
    'Você é médico(a) e redige a prescrição hospitalar do dia, na ordem usual do prontuário: ' +
    'dieta, medicamentos e hidratação, cuidados de enfermagem e monitorização, e recomendações. ' +
    `${PRESCRIPTION_STYLE} Inclua a diluição e a velocidade de infusão quando ditadas.`,
};

const prescricaoAmbulatorial: SpecialtyProfile = {
  professional: 'prescricao_ambulatorial',
  title: 'Receituário — Prescrição Ambulatorial',
  role: 'Médico(a) prescritor(a) em atendimento ambulatorial',
  sections: [
    OUTPATIENT_INDICATION,
    {
      key: 'medications',
      heading: 'Medicamentos',
      guidance:
        'Um medicamento por linha, agrupados pela via (uso oral, uso tópico, etc.), com ' +
        'concentração, quantidade a dispensar e posologia clara para o paciente.',
      cues: MEDICATION_CUES,
    },
    {
      key: 'instructions',
      heading: 'Orientações ao Paciente',
      guidance: 'Cuidados, sinais de alerta e orientações não medicamentosas.',
      cues: PATIENT_INSTRUCTION_CUES,
    },
    {
      key: 'returnVisit',
      heading: 'Retorno',
      guidance: 'Prazo de retorno ou reavaliação.',
      cues: ['retorno', 'retornar', 'reavaliação'],
    },
    OTHER_OBSERVATIONS,
  ],
  common: prescriptionCommon(['medications'], ['instructions', 'returnVisit', 'observations']),
  routing: PRESCRIPTION_ROUTING,
  basePrompt:
    'Você é médico(a) e redige um receituário ambulatorial claro para o paciente e para a ' +
    `farmácia. ${PRESCRIPTION_STYLE} Escreva a posologia em linguagem simples ("tomar 1 ` +
    'comprimido de 8 em 8 horas por 5 dias") e sinalize os medicamentos sujeitos a controle ' +
    'especial.',
};

const prescricaoControlada: SpecialtyProfile = {
  professional: 'prescricao_controlada',
  title: 'Receituário de Controle Especial',
  role: 'Médico(a) prescritor(a) (Portaria SVS/MS nº 344/1998)',
  sections: [
    OUTPATIENT_INDICATION,
    {
      key: 'medications',
      heading: 'Medicamentos Controlados',
      guidance:
        'Um medicamento por linha: substância, concentração, forma farmacêutica, quantidade ' +
        'total em algarismos e por extenso, e posologia, como exige a Portaria SVS/MS nº 344/1998.',
      cues: MEDICATION_CUES,
    },
    {
      key: 'dispensing',
      heading: 'Tipo de Receita e Dispensação',
      guidance:
        'Tipo de notificação ou receita (Notificação de Receita A ou B, Receita de Controle ' +
        'Especial em duas vias) e quantidade para o período, quando ditados.',
      cues: [
        'notificação',
        'notificação de receita',
        'receita azul',
        'receita amarela',
        'receita branca',
        'receita de controle especial',
        'duas vias',
        'quantidade',
        'quantidade total',
      ],
    },
    {
      key: 'instructions',
      heading: 'Orientações ao Paciente',
      guidance:
        'Orientações de uso seguro: sonolência, não dirigir, não associar álcool, não ' +
        'interromper sem orientação, guarda do medicamento.',
      cues: PATIENT_INSTRUCTION_CUES,
    },
    OTHER_OBSERVATIONS,
  ],
  common: prescriptionCommon(['medications'], ['dispensing', 'instructions', 'observations']),
  routing: PRESCRIPTION_ROUTING,
  basePrompt:
    'Você é médico(a) e redige um receituário de medicamentos sujeitos a controle especial ' +
    `conforme a Portaria SVS/MS nº 344/1998. ${PRESCRIPTION_STYLE} Escreva a quantidade total ` +
    'em algarismos e por extenso, e indique o tipo de receita apenas quando ditado.',
};

export const SPECIALTY_PROFILES: Readonly<Record<Professional, SpecialtyProfile>> = {
  // The notes of professionals who prescribe list the drugs in use apart (issue 28).
  consulta_medica: withMedicationsInUse(consultaMedica, 'pastHistory'),
  medico_familia: withMedicationsInUse(medicoFamilia, 'subjective'),
  medico_familia_personalizado: withMedicationsInUse(medicoFamiliaPersonalizado, 'subjective'),
  medico_ambulatorio: withMedicationsInUse(medicoAmbulatorio, 'pastHistory'),
  medico_trabalho: withMedicationsInUse(medicoTrabalho, 'clinicalHistory'),
  medico_visitador: medicoVisitador,
  enfermeira,
  tecnico_enfermagem: tecnicoEnfermagem,
  nutricionista,
  assistente_social: assistenteSocial,
  psiquiatria: withMedicationsInUse(psiquiatria, 'medicalAndFamilyHistory'),
  psiquiatria_personalizado: withMedicationsInUse(
    psiquiatriaPersonalizado,
    'medicalAndFamilyHistory',
  ),
  psicoterapia,
  prescricao_hospitalar: prescricaoHospitalar,
  prescricao_ambulatorial: prescricaoAmbulatorial,
  prescricao_controlada: prescricaoControlada,
};

export function getProfile(professional: Professional): SpecialtyProfile {
  return SPECIALTY_PROFILES[professional];
}
