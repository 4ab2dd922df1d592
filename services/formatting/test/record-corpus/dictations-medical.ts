/**
 * Held-out record corpus, part 1: general practice and outpatient clinics. Written before the
 * record extraction was tuned (issue 28 item 2); never edited to fit the extraction.
 */
import type { RecordDictation } from './types.js';

export const MEDICAL_RECORDS: readonly RecordDictation[] = [
  {
    id: 'r-cm-walkthrough',
    professional: 'consulta_medica',
    style: 'realtime',
    text:
      'Paciente de 62 anos, diabético e hipertenso, vem para controle. PA 160 por 100, ' +
      'frequência cardíaca 88, glicemia capilar 210. Em uso de losartana 50 miligramas e ' +
      'metformina 850 miligramas duas vezes ao dia. Conduta: aumentar losartana para 100 ' +
      'miligramas ao dia, solicitar hemoglobina glicada, creatinina e potássio.',
    expected: {
      patient: { age: '62 anos', sex: 'male' },
      vitals: [
        ['bloodPressure', '160/100'],
        ['heartRate', '88'],
        ['capillaryGlucose', '210'],
      ],
      problems: [['diabetes'], ['hipertensão']],
      inUse: ['losartana 50 mg', 'metformina 850 mg'],
      orders: [['change', 'losartana 100 mg']],
      requests: [
        ['exam', 'hemoglobina glicada'],
        ['exam', 'creatinina'],
        ['exam', 'potássio'],
      ],
    },
  },
  {
    id: 'r-cm-pneumonia',
    professional: 'consulta_medica',
    style: 'typed',
    text:
      'Nome: Rafael Antunes. 45 anos, masculino. QP: tosse produtiva e febre há 4 dias. ' +
      'Alergia a penicilina. Ao exame: Tax 38,6, FR 24, SpO2 93%, FC 104. Crepitações em base ' +
      'direita. HD: pneumonia adquirida na comunidade, CID J18. Conduta: azitromicina 500 mg ' +
      'uma vez ao dia por 5 dias. Solicito radiografia de tórax e hemograma. Retorno em 48 horas.',
    expected: {
      patient: { name: 'Rafael Antunes', age: '45 anos', sex: 'male' },
      vitals: [
        ['temperature', '38,6'],
        ['respiratoryRate', '24'],
        ['oxygenSaturation', '93'],
        ['heartRate', '104'],
      ],
      problems: [['pneumonia adquirida na comunidade', 'J18']],
      allergies: ['penicilina'],
      orders: [['start', 'azitromicina 500 mg']],
      requests: [
        ['exam', 'radiografia de tórax'],
        ['exam', 'hemograma'],
      ],
      returnVisit: '48 horas',
    },
  },
  {
    id: 'r-cm-speech-headache',
    professional: 'consulta_medica',
    style: 'speech',
    text:
      'paciente mariana lopes trinta e quatro anos com dor de cabeça há duas semanas faz uso de ' +
      'anticoncepcional oral nega alergias ao exame pressão doze por oito frequência setenta e ' +
      'dois hipótese cefaleia tensional conduta paracetamol setecentos e cinquenta miligramas de ' +
      'seis em seis horas se dor retorno em trinta dias',
    expected: {
      patient: { name: 'Mariana Lopes', age: '34 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '120/80'],
        ['heartRate', '72'],
      ],
      problems: [['cefaleia tensional']],
      orders: [['start', 'paracetamol 750 mg']],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-cm-stop-drug',
    professional: 'consulta_medica',
    style: 'realtime',
    text:
      'Dona Teresa Campos, 71 anos, retorna com tontura. Toma anlodipino 10 mg e hidroclorotiazida ' +
      '25 mg pela manhã. Ao exame, PA 100 por 60, FC 64. Hipótese: hipotensão por medicamentos. ' +
      'Suspendo a hidroclorotiazida. Mantém anlodipino 10 mg. Retorno em 15 dias.',
    expected: {
      patient: { name: 'Teresa Campos', age: '71 anos', sex: 'female' },
      vitals: [
        ['bloodPressure', '100/60'],
        ['heartRate', '64'],
      ],
      problems: [['hipotensão por medicamentos']],
      inUse: ['anlodipino 10 mg', 'hidroclorotiazida 25 mg'],
      orders: [['stop', 'hidroclorotiazida']],
      returnVisit: '15 dias',
    },
  },
  {
    id: 'r-cm-anthropometry',
    professional: 'consulta_medica',
    style: 'typed',
    text:
      'Paciente: Lúcio Ferraz, 50 anos. Check-up. Peso 92 kg, altura 1,75 m. PA 130x85 mmHg. ' +
      'Nega comorbidades. HD: obesidade grau 1. Conduta: solicito glicemia de jejum, perfil ' +
      'lipídico e TSH. Encaminho ao nutricionista. Retorno com exames.',
    expected: {
      patient: { name: 'Lúcio Ferraz', age: '50 anos' },
      vitals: [
        ['weight', '92'],
        ['height', '1,75'],
        ['bloodPressure', '130/85'],
      ],
      problems: [['obesidade grau 1']],
      requests: [
        ['exam', 'glicemia de jejum'],
        ['exam', 'perfil lipídico'],
        ['exam', 'TSH'],
        ['referral', 'nutricionista'],
      ],
      returnVisit: 'com exames',
    },
  },
  {
    id: 'r-cm-uti',
    professional: 'consulta_medica',
    style: 'realtime',
    text:
      'Paciente Beatriz Nogueira, 28 anos, com ardência ao urinar há três dias. Sem febre. ' +
      'Alérgica a sulfa. Temperatura 36,9. Penso em cistite aguda. Prescrevo nitrofurantoína 100 ' +
      'mg de 6 em 6 horas por 5 dias. Peço urina tipo 1 e urocultura.',
    expected: {
      patient: { name: 'Beatriz Nogueira', age: '28 anos', sex: 'female' },
      vitals: [['temperature', '36,9']],
      problems: [['cistite aguda']],
      allergies: ['sulfa'],
      orders: [['start', 'nitrofurantoína 100 mg']],
      requests: [
        ['exam', 'urina tipo 1'],
        ['exam', 'urocultura'],
      ],
    },
  },
  {
    id: 'r-amb-cardio',
    professional: 'medico_ambulatorio',
    style: 'realtime',
    text:
      'Retorno de cardiologia. Sr. Osvaldo Prado, 67 anos, insuficiência cardíaca. Em uso de ' +
      'carvedilol 25 mg duas vezes ao dia, furosemida 40 mg pela manhã e enalapril 10 mg de 12 ' +
      'em 12 horas. Refere dispneia aos médios esforços. Ao exame, PA 110 por 70, FC 58, peso 78 ' +
      'kg, estertores em bases. Conduta: aumento furosemida para 80 mg ao dia. Solicito ' +
      'ecocardiograma e BNP. Retorno em 30 dias.',
    expected: {
      patient: { name: 'Osvaldo Prado', age: '67 anos', sex: 'male' },
      vitals: [
        ['bloodPressure', '110/70'],
        ['heartRate', '58'],
        ['weight', '78'],
      ],
      problems: [['insuficiência cardíaca']],
      inUse: ['carvedilol 25 mg', 'furosemida 40 mg', 'enalapril 10 mg'],
      orders: [['change', 'furosemida 80 mg']],
      requests: [
        ['exam', 'ecocardiograma'],
        ['exam', 'BNP'],
      ],
      returnVisit: '30 dias',
    },
  },
  {
    id: 'r-amb-endo-speech',
    professional: 'medico_ambulatorio',
    style: 'speech',
    text:
      'retorno de endocrinologia dona sueli ramos cinquenta e oito anos hipotireoidismo toma ' +
      'levotiroxina setenta e cinco microgramas em jejum trouxe tsh de oito vírgula cinco ao ' +
      'exame peso setenta quilos pressão cento e vinte por setenta e oito conduta aumentar ' +
      'levotiroxina para cem microgramas ao dia repetir tsh em seis semanas retorno em dois meses',
    expected: {
      patient: { name: 'Sueli Ramos', age: '58 anos', sex: 'female' },
      vitals: [
        ['weight', '70'],
        ['bloodPressure', '120/78'],
      ],
      problems: [['hipotireoidismo']],
      inUse: ['levotiroxina 75 mcg'],
      orders: [['change', 'levotiroxina 100 mcg']],
      requests: [['exam', 'tsh']],
      returnVisit: '2 meses',
    },
  },
  {
    id: 'r-amb-nephro',
    professional: 'medico_ambulatorio',
    style: 'typed',
    text:
      'Ambulatório de nefrologia. Paciente: Célia Duarte, 60 anos, feminino. DRC estágio 3. ' +
      'Medicações em uso: losartana 50 mg 12/12h, sinvastatina 20 mg à noite. Exame físico: PA ' +
      '150x90 mmHg, edema +/4+. HD: DRC estágio 3 com hipertensão não controlada. Conduta: ' +
      'iniciar anlodipino 5 mg uma vez ao dia. Solicito creatinina, ureia e potássio. Retorno em ' +
      '60 dias.',
    expected: {
      patient: { name: 'Célia Duarte', age: '60 anos', sex: 'female' },
      vitals: [['bloodPressure', '150/90']],
      problems: [['DRC estágio 3 com hipertensão não controlada']],
      inUse: ['losartana 50 mg', 'sinvastatina 20 mg'],
      orders: [['start', 'anlodipino 5 mg']],
      requests: [
        ['exam', 'creatinina'],
        ['exam', 'ureia'],
        ['exam', 'potássio'],
      ],
      returnVisit: '60 dias',
    },
  },
  {
    id: 'r-amb-pneumo',
    professional: 'medico_ambulatorio',
    style: 'realtime',
    text:
      'Paciente Vítor Hugo Lima, 39 anos, asma. Usa salbutamol 100 mcg quando tem falta de ar, ' +
      'quase todo dia. Nega alergias. Saturação 96%, frequência respiratória 18. Avaliação: asma ' +
      'não controlada. Inicio budesonida com formoterol 200/6 mcg duas vezes ao dia. Encaminho à ' +
      'pneumologia. Solicito espirometria.',
    expected: {
      patient: { name: 'Vítor Hugo Lima', age: '39 anos' },
      vitals: [
        ['oxygenSaturation', '96'],
        ['respiratoryRate', '18'],
      ],
      problems: [['asma não controlada']],
      inUse: ['salbutamol 100 mcg'],
      orders: [['start', 'budesonida com formoterol 200/6 mcg']],
      requests: [
        ['referral', 'pneumologia'],
        ['exam', 'espirometria'],
      ],
    },
  },
  {
    id: 'r-amb-gastro-speech',
    professional: 'medico_ambulatorio',
    style: 'speech',
    text:
      'paciente joão pedro alves quarenta e um anos com queimação no estômago há três meses faz ' +
      'uso de omeprazol vinte miligramas sem melhora pressão cento e vinte por oitenta hipótese ' +
      'doença do refluxo gastroesofágico conduta aumento omeprazol para quarenta miligramas em ' +
      'jejum peço endoscopia digestiva alta retorno em quarenta e cinco dias',
    expected: {
      patient: { name: 'João Pedro Alves', age: '41 anos' },
      vitals: [['bloodPressure', '120/80']],
      problems: [['doença do refluxo gastroesofágico']],
      inUse: ['omeprazol 20 mg'],
      orders: [['change', 'omeprazol 40 mg']],
      requests: [['exam', 'endoscopia digestiva alta']],
      returnVisit: '45 dias',
    },
  },
  {
    id: 'r-amb-rheuma',
    professional: 'medico_ambulatorio',
    style: 'typed',
    text:
      'Paciente: Lívia Matos, 47 anos, feminino. Artrite reumatoide. Em uso de metotrexato 15 mg ' +
      'por semana e ácido fólico 5 mg por semana. Alergia a dipirona. Ao exame: sinovite em ' +
      'punhos, Tax 36,5. Conduta: prednisona 10 mg ao dia por 10 dias. Solicito VHS, PCR e ' +
      'hemograma. Retorno em 4 semanas.',
    expected: {
      patient: { name: 'Lívia Matos', age: '47 anos', sex: 'female' },
      vitals: [['temperature', '36,5']],
      problems: [['artrite reumatoide']],
      allergies: ['dipirona'],
      inUse: ['metotrexato 15 mg', 'ácido fólico 5 mg'],
      orders: [['start', 'prednisona 10 mg']],
      requests: [
        ['exam', 'VHS'],
        ['exam', 'PCR'],
        ['exam', 'hemograma'],
      ],
      returnVisit: '4 semanas',
    },
  },
];
