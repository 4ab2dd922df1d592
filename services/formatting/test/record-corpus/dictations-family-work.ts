/**
 * Held-out record corpus, part 2: family medicine (SOAP and the customised note) and
 * occupational medicine. Written before the record extraction was tuned (issue 28 item 2).
 */
import type { RecordDictation } from './types.js';

export const FAMILY_AND_WORK_RECORDS: readonly RecordDictation[] = [
  {
    id: 'r-mf-diabetes',
    professional: 'medico_familia',
    style: 'realtime',
    text:
      'Seu Antônio Reis, 66 anos, vem para renovar receitas. Diabético, toma glibenclamida 5 mg ' +
      'antes do café e metformina 500 mg três vezes ao dia. Glicemia capilar 180, PA 140 por 90, ' +
      'peso 84 kg. Avaliação: diabetes descompensado. Plano: troco glibenclamida por gliclazida 60 ' +
      'mg pela manhã. Peço hemoglobina glicada e microalbuminúria. Retorno em 3 meses.',
    expected: {
      patient: { name: 'Antônio Reis', age: '66 anos', sex: 'male' },
      vitals: [
        ['capillaryGlucose', '180'],
        ['bloodPressure', '140/90'],
        ['weight', '84'],
      ],
      problems: [['diabetes descompensado']],
      inUse: ['glibenclamida 5 mg', 'metformina 500 mg'],
      orders: [
        ['stop', 'glibenclamida'],
        ['start', 'gliclazida 60 mg'],
      ],
      requests: [
        ['exam', 'hemoglobina glicada'],
        ['exam', 'microalbuminúria'],
      ],
      returnVisit: '3 meses',
    },
  },
  {
    id: 'r-mf-child-speech',
    professional: 'medico_familia',
    style: 'speech',
    text:
      'pedrinho souza cinco anos trazido pela mãe com febre há dois dias e dor de ouvido ' +
      'temperatura trinta e oito vírgula dois frequência cardíaca cento e dez otoscopia com ' +
      'membrana timpânica hiperemiada e abaulada avaliação otite média aguda plano amoxicilina ' +
      'duzentos e cinquenta miligramas por cinco mililitros cinco mililitros de oito em oito horas ' +
      'por dez dias retorno se piora',
    expected: {
      patient: { name: 'Pedrinho Souza', age: '5 anos', sex: 'male' },
      vitals: [
        ['temperature', '38,2'],
        ['heartRate', '110'],
      ],
      problems: [['otite média aguda']],
      orders: [['start', 'amoxicilina 250 mg']],
      returnVisit: 'se piora',
    },
  },
  {
    id: 'r-mf-prenatal',
    professional: 'medico_familia',
    style: 'typed',
    text:
      'S: Gestante Fernanda Alves, 26 anos, 20 semanas, sem queixas. Em uso de sulfato ferroso 40 ' +
      'mg ao dia e ácido fólico 5 mg ao dia. Nega alergias. O: PA 110x70 mmHg, peso 64 kg. A: ' +
      'gestação de baixo risco. P: solicito ultrassonografia morfológica e urocultura. Retorno ' +
      'em 4 semanas.',
    expected: {
      patient: { name: 'Fernanda Alves', age: '26 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '110/70'],
        ['weight', '64'],
      ],
      problems: [['gestação de baixo risco']],
      inUse: ['sulfato ferroso 40 mg', 'ácido fólico 5 mg'],
      requests: [
        ['exam', 'ultrassonografia morfológica'],
        ['exam', 'urocultura'],
      ],
      returnVisit: '4 semanas',
    },
  },
  {
    id: 'r-mf-smoker',
    professional: 'medico_familia',
    style: 'realtime',
    text:
      'Paciente Cláudio Menezes, 55 anos, quer parar de fumar. Fuma 20 cigarros por dia há 30 ' +
      'anos. Hipertenso, usa losartana 50 mg ao dia. Saturação 95%, PA 138 por 86. Avaliação: ' +
      'tabagismo. Plano: adesivo de nicotina 21 mg por dia por 4 semanas. Encaminho ao grupo de ' +
      'tabagismo. Retorno em 30 dias.',
    expected: {
      patient: { name: 'Cláudio Menezes', age: '55 anos' },
      vitals: [
        ['oxygenSaturation', '95'],
        ['bloodPressure', '138/86'],
      ],
      problems: [['hipertensão'], ['tabagismo']],
      inUse: ['losartana 50 mg'],
      orders: [['start', 'adesivo de nicotina 21 mg']],
      requests: [['referral', 'grupo de tabagismo']],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-mf-elderly-speech',
    professional: 'medico_familia',
    style: 'speech',
    text:
      'dona rosa maria oitenta anos vem com a filha para acompanhamento hipertensa toma ' +
      'hidroclorotiazida vinte e cinco miligramas e atenolol cinquenta miligramas alérgica a ' +
      'dipirona pressão cento e cinquenta por oitenta frequência cinquenta e seis avaliação ' +
      'hipertensão não controlada bradicardia plano suspendo atenolol inicio anlodipino cinco ' +
      'miligramas ao dia peço eletrocardiograma retorno em quinze dias',
    expected: {
      patient: { name: 'Rosa Maria', age: '80 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '150/80'],
        ['heartRate', '56'],
      ],
      problems: [['hipertensão não controlada'], ['bradicardia']],
      allergies: ['dipirona'],
      inUse: ['hidroclorotiazida 25 mg', 'atenolol 50 mg'],
      orders: [
        ['stop', 'atenolol'],
        ['start', 'anlodipino 5 mg'],
      ],
      requests: [['exam', 'eletrocardiograma']],
      returnVisit: '15 dias',
    },
  },
  {
    id: 'r-mf-lowback',
    professional: 'medico_familia',
    style: 'realtime',
    text:
      'Paciente Gustavo Pires, 33 anos, motorista, com dor lombar há uma semana após carregar peso. ' +
      'Sem irradiação. Nega alergias e não usa medicações. Temperatura 36,4. Lasègue negativo. ' +
      'Avaliação: lombalgia mecânica aguda. Plano: ibuprofeno 400 mg de 8 em 8 horas por 5 dias e ' +
      'ciclobenzaprina 5 mg à noite por 7 dias. Encaminho à fisioterapia.',
    expected: {
      patient: { name: 'Gustavo Pires', age: '33 anos' },
      vitals: [['temperature', '36,4']],
      problems: [['lombalgia mecânica aguda']],
      orders: [
        ['start', 'ibuprofeno 400 mg'],
        ['start', 'ciclobenzaprina 5 mg'],
      ],
      requests: [['referral', 'fisioterapia']],
    },
  },
  {
    id: 'r-mfp-dyslipidemia',
    professional: 'medico_familia_personalizado',
    style: 'realtime',
    text:
      'Paciente Helena Vasques, 52 anos, traz exames. Colesterol LDL 190. Em uso de sinvastatina ' +
      '20 mg à noite. PA 128 por 82, IMC 29. Avaliação: dislipidemia. Plano: troco sinvastatina ' +
      'por atorvastatina 40 mg à noite. Peço novo perfil lipídico e TGO, TGP. Retorno em 3 meses.',
    expected: {
      patient: { name: 'Helena Vasques', age: '52 anos' },
      vitals: [
        ['bloodPressure', '128/82'],
        ['bmi', '29'],
      ],
      problems: [['dislipidemia']],
      inUse: ['sinvastatina 20 mg'],
      orders: [
        ['stop', 'sinvastatina'],
        ['start', 'atorvastatina 40 mg'],
      ],
      requests: [
        ['exam', 'perfil lipídico'],
        ['exam', 'TGO'],
        ['exam', 'TGP'],
      ],
      returnVisit: '3 meses',
    },
  },
  {
    id: 'r-mfp-depression-speech',
    professional: 'medico_familia_personalizado',
    style: 'speech',
    text:
      'paciente carla menezes quarenta anos com desânimo e insônia há dois meses nega ideação ' +
      'suicida não usa medicamentos pressão cento e dez por setenta avaliação episódio depressivo ' +
      'moderado cid f trinta e dois ponto um plano sertralina cinquenta miligramas pela manhã ' +
      'encaminho para psicologia retorno em quatro semanas',
    expected: {
      patient: { name: 'Carla Menezes', age: '40 anos' },
      vitals: [['bloodPressure', '110/70']],
      problems: [['episódio depressivo moderado', 'F32.1']],
      orders: [['start', 'sertralina 50 mg']],
      requests: [['referral', 'psicologia']],
      returnVisit: '4 semanas',
    },
  },
  {
    id: 'r-mfp-typed',
    professional: 'medico_familia_personalizado',
    style: 'typed',
    text:
      'Paciente: Márcio Teles, 44 anos, masculino. Motivo: dor de garganta há 3 dias. ' +
      'Medicações em uso: nenhuma. Alergias: amoxicilina. Exame: Tax 38,1 °C, FC 96 bpm, ' +
      'amígdalas hiperemiadas com exsudato. Avaliação: amigdalite bacteriana. Plano: ' +
      'azitromicina 500 mg uma vez ao dia por 3 dias. Retorno se não melhorar em 72 horas.',
    expected: {
      patient: { name: 'Márcio Teles', age: '44 anos', sex: 'male' },
      vitals: [
        ['temperature', '38,1'],
        ['heartRate', '96'],
      ],
      problems: [['amigdalite bacteriana']],
      allergies: ['amoxicilina'],
      orders: [['start', 'azitromicina 500 mg']],
      returnVisit: 'se não melhorar em 72 horas',
    },
  },
  {
    id: 'r-mfp-gout',
    professional: 'medico_familia_personalizado',
    style: 'realtime',
    text:
      'Sr. Joaquim Barros, 59 anos, com dor no hálux direito desde ontem. Usa alopurinol 300 mg ' +
      'ao dia. PA 150 por 95, temperatura 37,2. Avaliação: crise de gota. Plano: colchicina 0,5 mg ' +
      'de 8 em 8 horas por 3 dias. Peço ácido úrico. Retorno em 10 dias.',
    expected: {
      patient: { name: 'Joaquim Barros', age: '59 anos', sex: 'male' },
      vitals: [
        ['bloodPressure', '150/95'],
        ['temperature', '37,2'],
      ],
      problems: [['crise de gota']],
      inUse: ['alopurinol 300 mg'],
      orders: [['start', 'colchicina 0,5 mg']],
      requests: [['exam', 'ácido úrico']],
      returnVisit: '10 dias',
    },
  },
  {
    id: 'r-mt-admission',
    professional: 'medico_trabalho',
    style: 'typed',
    text:
      'Exame admissional. Nome: Renata Souza, 31 anos, feminino. Função: operadora de ' +
      'empilhadeira. Nega doenças. Nega uso de medicamentos. Exame: PA 118x76 mmHg, FC 70 bpm, ' +
      'peso 61 kg, altura 1,64 m. Solicito audiometria e acuidade visual. Apta.',
    expected: {
      patient: { name: 'Renata Souza', age: '31 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '118/76'],
        ['heartRate', '70'],
        ['weight', '61'],
        ['height', '1,64'],
      ],
      requests: [
        ['exam', 'audiometria'],
        ['exam', 'acuidade visual'],
      ],
    },
  },
  {
    id: 'r-mt-periodic-speech',
    professional: 'medico_trabalho',
    style: 'speech',
    text:
      'exame periódico trabalhador marcos vinícius quarenta e oito anos soldador hipertenso em ' +
      'uso de enalapril dez miligramas duas vezes ao dia pressão cento e quarenta e dois por ' +
      'noventa frequência setenta e oito solicito espirometria e radiografia de tórax apto',
    expected: {
      patient: { name: 'Marcos Vinícius', age: '48 anos', sex: 'male' },
      vitals: [
        ['bloodPressure', '142/90'],
        ['heartRate', '78'],
      ],
      problems: [['hipertensão']],
      inUse: ['enalapril 10 mg'],
      requests: [
        ['exam', 'espirometria'],
        ['exam', 'radiografia de tórax'],
      ],
    },
  },
  {
    id: 'r-mt-return',
    professional: 'medico_trabalho',
    style: 'realtime',
    text:
      'Exame de retorno ao trabalho. Paciente Sílvio Ramos, 42 anos, afastado por hérnia de disco ' +
      'lombar. Em uso de pregabalina 75 mg à noite. Alérgico a AAS. PA 124 por 80, peso 88 kg. ' +
      'Lasègue negativo. Apto com restrição para carga acima de 10 quilos. Encaminho à ortopedia.',
    expected: {
      patient: { name: 'Sílvio Ramos', age: '42 anos', sex: 'male' },
      vitals: [
        ['bloodPressure', '124/80'],
        ['weight', '88'],
      ],
      problems: [['hérnia de disco lombar']],
      allergies: ['AAS'],
      inUse: ['pregabalina 75 mg'],
      requests: [['referral', 'ortopedia']],
    },
  },
  {
    id: 'r-mt-dismissal',
    professional: 'medico_trabalho',
    style: 'typed',
    text:
      'Exame demissional. Paciente: Tânia Lopes, 36 anos. Função: auxiliar de cozinha. Refere ' +
      'asma leve, usa salbutamol 100 mcg se necessário. Exame: SpO2 98%, FR 16 irpm, PA 112x72 ' +
      'mmHg. Apta.',
    expected: {
      patient: { name: 'Tânia Lopes', age: '36 anos' },
      vitals: [
        ['oxygenSaturation', '98'],
        ['respiratoryRate', '16'],
        ['bloodPressure', '112/72'],
      ],
      problems: [['asma leve']],
      inUse: ['salbutamol 100 mcg'],
    },
  },
];
