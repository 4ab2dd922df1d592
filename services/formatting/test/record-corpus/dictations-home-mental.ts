/**
 * Held-out record corpus, part 3: home visits, psychiatry and nursing. Written before the record
 * extraction was tuned (issue 28 item 2).
 */
import type { RecordDictation } from './types.js';

export const HOME_AND_MENTAL_RECORDS: readonly RecordDictation[] = [
  {
    id: 'r-mv-bedridden',
    professional: 'medico_visitador',
    style: 'realtime',
    text:
      'Visita domiciliar. Dona Cecília Prado, 84 anos, acamada após AVC. Cuidadora é a filha. ' +
      'Medicações em uso: AAS 100 mg ao dia, sinvastatina 40 mg à noite e losartana 50 mg de 12 ' +
      'em 12 horas. PA 130 por 80, saturação 94%, temperatura 36,7. Lesão por pressão sacral. ' +
      'Avaliação: sequela de AVC com lesão por pressão. Plano: curativo diário, colagenase. ' +
      'Encaminho à equipe de enfermagem. Próxima visita em 15 dias.',
    expected: {
      patient: { name: 'Cecília Prado', age: '84 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '130/80'],
        ['oxygenSaturation', '94'],
        ['temperature', '36,7'],
      ],
      problems: [['sequela de AVC com lesão por pressão']],
      inUse: ['AAS 100 mg', 'sinvastatina 40 mg', 'losartana 50 mg'],
      requests: [['referral', 'equipe de enfermagem']],
      returnVisit: '15 dias',
    },
  },
  {
    id: 'r-mv-copd-speech',
    professional: 'medico_visitador',
    style: 'speech',
    text:
      'visita domiciliar seu benedito alves setenta e nove anos dpoc em oxigênio domiciliar em uso ' +
      'de tiotrópio dois vírgula cinco microgramas dois jatos ao dia refere mais falta de ar ' +
      'saturação oitenta e nove por cento frequência respiratória vinte e seis frequência ' +
      'cardíaca cento e dois avaliação exacerbação de dpoc plano prednisona quarenta miligramas ao ' +
      'dia por cinco dias e amoxicilina com clavulanato oitocentos e setenta e cinco miligramas de ' +
      'doze em doze horas por sete dias nova visita em três dias',
    expected: {
      patient: { name: 'Benedito Alves', age: '79 anos', sex: 'male' },
      vitals: [
        ['oxygenSaturation', '89'],
        ['respiratoryRate', '26'],
        ['heartRate', '102'],
      ],
      problems: [['exacerbação de dpoc']],
      inUse: ['tiotrópio 2,5 mcg'],
      orders: [
        ['start', 'prednisona 40 mg'],
        ['start', 'amoxicilina com clavulanato 875 mg'],
      ],
      returnVisit: '3 dias',
    },
  },
  {
    id: 'r-mv-diabetic-foot',
    professional: 'medico_visitador',
    style: 'realtime',
    text:
      'Visita ao Sr. Nelson Farias, 72 anos, diabético. Usa insulina NPH 20 unidades pela manhã e ' +
      '10 à noite. Glicemia capilar 250. PA 140 por 85. Úlcera no pé esquerdo sem sinais de ' +
      'infecção. Avaliação: pé diabético. Plano: aumento insulina NPH para 24 unidades pela manhã. ' +
      'Solicito hemoglobina glicada. Encaminho ao ambulatório de pé diabético.',
    expected: {
      patient: { name: 'Nelson Farias', age: '72 anos', sex: 'male' },
      vitals: [
        ['capillaryGlucose', '250'],
        ['bloodPressure', '140/85'],
      ],
      problems: [['diabetes'], ['pé diabético']],
      inUse: ['insulina NPH 20 unidades'],
      orders: [['change', 'insulina NPH 24 unidades']],
      requests: [
        ['exam', 'hemoglobina glicada'],
        ['referral', 'ambulatório de pé diabético'],
      ],
    },
  },
  {
    id: 'r-mv-dementia',
    professional: 'medico_visitador',
    style: 'typed',
    text:
      'Paciente: Iracema Lins, 88 anos, feminino. Motivo da visita: agitação noturna. Demência de ' +
      'Alzheimer. Em uso de donepezila 10 mg à noite e quetiapina 25 mg à noite. Alergia a ' +
      'haloperidol. Exame: PA 120x70 mmHg, FC 76 bpm. Avaliação: demência com agitação. Plano: ' +
      'aumentar quetiapina para 50 mg à noite. Próxima visita em 30 dias.',
    expected: {
      patient: { name: 'Iracema Lins', age: '88 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '120/70'],
        ['heartRate', '76'],
      ],
      problems: [['demência com agitação']],
      allergies: ['haloperidol'],
      inUse: ['donepezila 10 mg', 'quetiapina 25 mg'],
      orders: [['change', 'quetiapina 50 mg']],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-psi-depression',
    professional: 'psiquiatria',
    style: 'realtime',
    text:
      'Paciente Daniela Couto, 35 anos, retorno. Em uso de escitalopram 10 mg pela manhã há 6 ' +
      'semanas, com melhora parcial. Nega ideação suicida. Humor hipotímico, afeto congruente. ' +
      'Hipótese: transtorno depressivo recorrente, CID F33.1. Conduta: aumento escitalopram para ' +
      '20 mg. Solicito TSH e vitamina B12. Retorno em 4 semanas.',
    expected: {
      patient: { name: 'Daniela Couto', age: '35 anos' },
      problems: [['transtorno depressivo recorrente', 'F33.1']],
      inUse: ['escitalopram 10 mg'],
      orders: [['change', 'escitalopram 20 mg']],
      requests: [
        ['exam', 'TSH'],
        ['exam', 'vitamina B12'],
      ],
      returnVisit: '4 semanas',
    },
  },
  {
    id: 'r-psi-bipolar-speech',
    professional: 'psiquiatria',
    style: 'speech',
    text:
      'paciente roberto dias vinte e nove anos transtorno bipolar toma carbonato de lítio ' +
      'novecentos miligramas ao dia e quetiapina cem miligramas à noite refere insônia há uma ' +
      'semana humor expansivo pressão cento e vinte por oitenta hipótese episódio hipomaníaco ' +
      'conduta aumento quetiapina para duzentos miligramas à noite peço litemia e creatinina ' +
      'retorno em quinze dias',
    expected: {
      patient: { name: 'Roberto Dias', age: '29 anos' },
      vitals: [['bloodPressure', '120/80']],
      problems: [['episódio hipomaníaco']],
      inUse: ['carbonato de lítio 900 mg', 'quetiapina 100 mg'],
      orders: [['change', 'quetiapina 200 mg']],
      requests: [
        ['exam', 'litemia'],
        ['exam', 'creatinina'],
      ],
      returnVisit: '15 dias',
    },
  },
  {
    id: 'r-psi-anxiety',
    professional: 'psiquiatria',
    style: 'typed',
    text:
      'Paciente: Juliana Freire, 27 anos, feminino. QP: crises de ansiedade há 4 meses. Não usa ' +
      'medicações. Nega alergias. Exame psíquico: ansiosa, sem alterações de senso-percepção. HD: ' +
      'transtorno de pânico, F41.0. Conduta: sertralina 25 mg por 7 dias, depois 50 mg. ' +
      'Clonazepam 0,5 mg se crise. Encaminho para psicoterapia. Retorno em 30 dias.',
    expected: {
      patient: { name: 'Juliana Freire', age: '27 anos', sex: 'female' },
      problems: [['transtorno de pânico', 'F41.0']],
      orders: [
        ['start', 'sertralina 25 mg'],
        ['start', 'clonazepam 0,5 mg'],
      ],
      requests: [['referral', 'psicoterapia']],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-psi-schizo',
    professional: 'psiquiatria',
    style: 'realtime',
    text:
      'Paciente Edson Moura, 41 anos, esquizofrenia. Faz uso de risperidona 2 mg duas vezes ao dia ' +
      'e biperideno 2 mg ao dia. Refere tremor. Peso 96 kg. Hipótese: esquizofrenia estável com ' +
      'efeito extrapiramidal. Conduta: troco risperidona por aripiprazol 10 mg ao dia. Suspendo ' +
      'biperideno. Solicito glicemia de jejum e perfil lipídico. Retorno em 3 semanas.',
    expected: {
      patient: { name: 'Edson Moura', age: '41 anos' },
      vitals: [['weight', '96']],
      problems: [['esquizofrenia estável com efeito extrapiramidal']],
      inUse: ['risperidona 2 mg', 'biperideno 2 mg'],
      orders: [
        ['stop', 'risperidona'],
        ['start', 'aripiprazol 10 mg'],
        ['stop', 'biperideno'],
      ],
      requests: [
        ['exam', 'glicemia de jejum'],
        ['exam', 'perfil lipídico'],
      ],
      returnVisit: '3 semanas',
    },
  },
  {
    id: 'r-psi-adhd-speech',
    professional: 'psiquiatria',
    style: 'speech',
    text:
      'paciente lucas martins dezenove anos dificuldade de concentração desde a infância nega uso ' +
      'de medicamentos frequência cardíaca oitenta pressão cento e dez por setenta hipótese ' +
      'transtorno de déficit de atenção e hiperatividade conduta metilfenidato dez miligramas pela ' +
      'manhã peço eletrocardiograma retorno em um mês',
    expected: {
      patient: { name: 'Lucas Martins', age: '19 anos' },
      vitals: [
        ['heartRate', '80'],
        ['bloodPressure', '110/70'],
      ],
      problems: [['transtorno de déficit de atenção e hiperatividade']],
      orders: [['start', 'metilfenidato 10 mg']],
      requests: [['exam', 'eletrocardiograma']],
      returnVisit: '1 mês',
    },
  },
  {
    id: 'r-psip-insomnia',
    professional: 'psiquiatria_personalizado',
    style: 'realtime',
    text:
      'Paciente Sônia Castro, 63 anos, com insônia há um ano. Usa zolpidem 10 mg toda noite há ' +
      'seis meses. Hipertensa, toma losartana 50 mg. Hipótese: insônia crônica com dependência de ' +
      'hipnótico. Conduta: reduzir zolpidem para 5 mg à noite. Inicio trazodona 50 mg à noite. ' +
      'Retorno em 30 dias.',
    expected: {
      patient: { name: 'Sônia Castro', age: '63 anos', sex: 'female' },
      problems: [['insônia crônica com dependência de hipnótico'], ['hipertensão']],
      inUse: ['zolpidem 10 mg', 'losartana 50 mg'],
      orders: [
        ['change', 'zolpidem 5 mg'],
        ['start', 'trazodona 50 mg'],
      ],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-psip-alcohol',
    professional: 'psiquiatria_personalizado',
    style: 'typed',
    text:
      'Paciente: Wagner Lima, 50 anos, masculino. Etilista, deseja parar de beber. Sem medicações ' +
      'em uso. PA 150x96 mmHg, FC 98 bpm. HD: síndrome de dependência do álcool, F10.2. Conduta: ' +
      'tiamina 300 mg ao dia e naltrexona 50 mg ao dia. Solicito TGO, TGP e GGT. Encaminho ao CAPS ' +
      'AD. Retorno em 15 dias.',
    expected: {
      patient: { name: 'Wagner Lima', age: '50 anos', sex: 'male' },
      vitals: [
        ['bloodPressure', '150/96'],
        ['heartRate', '98'],
      ],
      problems: [['síndrome de dependência do álcool', 'F10.2']],
      orders: [
        ['start', 'tiamina 300 mg'],
        ['start', 'naltrexona 50 mg'],
      ],
      requests: [
        ['exam', 'TGO'],
        ['exam', 'TGP'],
        ['exam', 'GGT'],
        ['referral', 'CAPS AD'],
      ],
      returnVisit: '15 dias',
    },
  },
  {
    id: 'r-psip-ocd-speech',
    professional: 'psiquiatria_personalizado',
    style: 'speech',
    text:
      'paciente isabela rocha vinte e dois anos com pensamentos intrusivos e rituais de lavagem há ' +
      'dois anos em uso de fluoxetina vinte miligramas pela manhã hipótese transtorno obsessivo ' +
      'compulsivo conduta aumento fluoxetina para quarenta miligramas encaminho para terapia ' +
      'cognitivo comportamental retorno em seis semanas',
    expected: {
      patient: { name: 'Isabela Rocha', age: '22 anos' },
      problems: [['transtorno obsessivo compulsivo']],
      inUse: ['fluoxetina 20 mg'],
      orders: [['change', 'fluoxetina 40 mg']],
      requests: [['referral', 'terapia cognitivo comportamental']],
      returnVisit: '6 semanas',
    },
  },
  {
    id: 'r-enf-triage',
    professional: 'enfermeira',
    style: 'realtime',
    text:
      'Acolhimento. Paciente Paulo Sérgio, 57 anos, com dor torácica há 1 hora. Alérgico a ' +
      'iodo. PA 170 por 110, FC 100, FR 22, saturação 95%, temperatura 36,5, glicemia capilar ' +
      '130. Diagnóstico de enfermagem: dor aguda. Encaminho ao médico plantonista com prioridade.',
    expected: {
      patient: { name: 'Paulo Sérgio', age: '57 anos' },
      vitals: [
        ['bloodPressure', '170/110'],
        ['heartRate', '100'],
        ['respiratoryRate', '22'],
        ['oxygenSaturation', '95'],
        ['temperature', '36,5'],
        ['capillaryGlucose', '130'],
      ],
      allergies: ['iodo'],
      requests: [['referral', 'médico plantonista']],
    },
  },
  {
    id: 'r-enf-puericulture-speech',
    professional: 'enfermeira',
    style: 'speech',
    text:
      'consulta de puericultura ana clara dois meses peso cinco quilos altura cinquenta e oito ' +
      'centímetros temperatura trinta e seis vírgula cinco aleitamento materno exclusivo vacinas ' +
      'em dia retorno em trinta dias',
    expected: {
      patient: { name: 'Ana Clara' },
      vitals: [
        ['weight', '5'],
        ['height', '0,58'],
        ['temperature', '36,5'],
      ],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-cm-ids',
    professional: 'consulta_medica',
    style: 'typed',
    text:
      'Nome: Amanda Ribeiro. CPF 123.456.789-09. Cartão SUS 898 0012 3456 7890. 38 anos, ' +
      'feminino. QP: tosse seca há 10 dias. Em uso de enalapril 20 mg ao dia. Ao exame: FR 18, ' +
      'SpO2 97%. HD: tosse por IECA. Conduta: suspendo enalapril. Inicio losartana 50 mg ao dia. ' +
      'Retorno em 30 dias.',
    expected: {
      patient: {
        name: 'Amanda Ribeiro',
        age: '38 anos',
        sex: 'female',
        cpf: '12345678909',
        cns: '898001234567890',
      },
      vitals: [
        ['respiratoryRate', '18'],
        ['oxygenSaturation', '97'],
      ],
      problems: [['tosse por IECA']],
      inUse: ['enalapril 20 mg'],
      orders: [
        ['stop', 'enalapril'],
        ['start', 'losartana 50 mg'],
      ],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-amb-birthdate',
    professional: 'medico_ambulatorio',
    style: 'realtime',
    text:
      'Paciente Otávio Mendes, nascido em 12/03/1958, retorno de urologia. Toma tansulosina 0,4 ' +
      'mg à noite. Refere jato urinário fraco. PA 136 por 84. Hipótese: hiperplasia prostática ' +
      'benigna, CID N40. Conduta: associo finasterida 5 mg ao dia. Solicito PSA e ultrassonografia ' +
      'de próstata. Retorno em 6 meses.',
    expected: {
      patient: { name: 'Otávio Mendes' },
      vitals: [['bloodPressure', '136/84']],
      problems: [['hiperplasia prostática benigna', 'N40']],
      inUse: ['tansulosina 0,4 mg'],
      orders: [['start', 'finasterida 5 mg']],
      requests: [
        ['exam', 'PSA'],
        ['exam', 'ultrassonografia de próstata'],
      ],
      returnVisit: '6 meses',
    },
  },
];
