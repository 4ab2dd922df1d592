/** Nursing: the Nursing Process (enfermeira) and the nursing technician's record (tecnico_enfermagem). */
import type { LabelledDictation } from '../types.js';

export const NURSING: readonly LabelledDictation[] = [
  {
    id: 'enf-01',
    professional: 'enfermeira',
    style: 'typed',
    text:
      'Avaliação de enfermagem: paciente Maria José Lima, 66 anos, 1º DPO de artroplastia de ' +
      'quadril direito. Consciente, orientada, refere dor 5/10 em quadril operado. PA 140x90, FC 88, ' +
      'FR 18, Tax 36,8, SatO2 96%. Curativo oclusivo seco, dreno de Hemovac com 80 ml de secreção ' +
      'sanguinolenta. Braden 14. Diagnósticos de enfermagem: dor aguda; mobilidade física ' +
      'prejudicada; risco de infecção do sítio cirúrgico. Planejamento: dor menor que 3 em 24 horas; ' +
      'sentar na poltrona no 2º DPO. Implementação: administrado tramadol 50 mg EV conforme ' +
      'prescrição, mudança de decúbito com coxim de abdução, orientada sobre não cruzar as pernas. ' +
      'Evolução: após 1 hora, refere dor 2/10, repousando.',
    facts: [
      ['name', 'Maria José Lima'],
      ['age', '66 anos'],
      ['gender', 'Feminino'],
      ['assessment', '1º DPO de artroplastia de quadril direito'],
      ['assessment', 'dor 5/10 em quadril operado'],
      ['assessment', 'PA: 140x90 mmHg'],
      ['assessment', 'Tax: 36,8 °C'],
      ['assessment', 'dreno de Hemovac com 80 ml de secreção sanguinolenta'],
      ['assessment', 'Braden 14'],
      ['nursingDiagnoses', 'dor aguda'],
      ['nursingDiagnoses', 'mobilidade física prejudicada'],
      ['nursingDiagnoses', 'risco de infecção do sítio cirúrgico'],
      ['planning', 'dor menor que 3 em 24 horas'],
      ['planning', 'sentar na poltrona no 2º DPO'],
      ['implementation', 'tramadol 50 mg EV'],
      ['implementation', 'mudança de decúbito com coxim de abdução'],
      ['implementation', 'não cruzar as pernas'],
      ['evaluation', 'refere dor 2/10, repousando'],
    ],
  },
  {
    id: 'enf-02',
    professional: 'enfermeira',
    style: 'speech',
    text:
      'evolução de enfermagem seu francisco setenta e três anos internado por pneumonia encontra-se ' +
      'no leito sonolento mas responsivo em oxigênio por cateter nasal três litros pressão cento e ' +
      'vinte por setenta frequência cardíaca noventa e oito respiratória vinte e quatro temperatura ' +
      'trinta e oito e dois saturação noventa e dois pele íntegra aceitando pouco a dieta ' +
      'diagnóstico de enfermagem padrão respiratório ineficaz e hipertermia meta manter saturação ' +
      'acima de noventa e dois e temperatura normal em vinte e quatro horas realizado banho no leito ' +
      'elevada cabeceira a trinta graus administrada dipirona um grama endovenosa compressas frias ' +
      'comunicado ao médico plantonista reavaliação após uma hora temperatura trinta e sete e três ' +
      'saturação noventa e quatro',
    facts: [
      ['name', 'Francisco'],
      ['age', '73 anos'],
      ['gender', 'Masculino'],
      ['assessment', 'internado por pneumonia'],
      ['assessment', 'sonolento mas responsivo'],
      ['assessment', 'oxigênio por cateter nasal três litros'],
      ['assessment', 'PA: 120x70 mmHg'],
      ['assessment', 'FC: 98 bpm'],
      ['assessment', 'FR: 24 irpm'],
      ['assessment', 'Tax: 38,2 °C'],
      ['assessment', 'SatO2: 92%'],
      ['assessment', 'pele íntegra'],
      ['assessment', 'aceitando pouco a dieta'],
      ['nursingDiagnoses', 'padrão respiratório ineficaz e hipertermia'],
      ['planning', 'manter saturação acima de noventa e dois'],
      ['implementation', 'banho no leito'],
      ['implementation', 'cabeceira a trinta graus'],
      ['implementation', 'dipirona 1 g endovenosa'],
      ['implementation', 'compressas frias'],
      ['implementation', 'comunicado ao médico plantonista'],
      ['evaluation', 'Tax: 37,3 °C'],
      ['evaluation', 'SatO2: 94%'],
    ],
  },
  {
    id: 'enf-03',
    professional: 'enfermeira',
    style: 'realtime',
    text:
      'Consulta de enfermagem. Dona Aparecida, 58 anos, diabética, vem para curativo de úlcera no ' +
      'pé direito. Refere que a ferida está com menos secreção. Ferida em região plantar do hálux ' +
      'direito, 3 por 2 cm, com tecido de granulação, bordas maceradas, pouco exsudato seroso, sem ' +
      'odor. Glicemia capilar 186. Integridade tissular prejudicada e risco de infecção. Meta: ' +
      'redução da área da ferida em 4 semanas. Realizei limpeza com soro fisiológico 0,9%, ' +
      'desbridamento mecânico leve e cobertura com alginato de cálcio. Orientei calçado adequado e ' +
      'controle da glicemia. Ferida com melhora em relação à semana anterior. Retorno em 3 dias para ' +
      'troca do curativo.',
    facts: [
      ['name', 'Aparecida'],
      ['age', '58 anos'],
      ['gender', 'Feminino'],
      ['assessment', 'diabética'],
      ['assessment', 'curativo de úlcera no pé direito'],
      ['assessment', 'ferida está com menos secreção'],
      ['assessment', 'região plantar do hálux direito'],
      ['assessment', 'tecido de granulação'],
      ['assessment', 'Glicemia capilar: 186 mg/dL'],
      ['nursingDiagnoses', 'integridade tissular prejudicada e risco de infecção'],
      ['planning', 'redução da área da ferida em 4 semanas'],
      ['implementation', 'limpeza com soro fisiológico'],
      ['implementation', 'cobertura com alginato de cálcio'],
      ['implementation', 'calçado adequado e controle da glicemia'],
      ['evaluation', 'ferida com melhora em relação à semana anterior'],
    ],
  },
  {
    id: 'te-01',
    professional: 'tecnico_enfermagem',
    style: 'speech',
    text:
      'anotação de enfermagem plantão diurno leito doze paciente sebastião rocha paciente ' +
      'encontra-se acordado calmo no leito com acesso venoso periférico em membro superior esquerdo ' +
      'sem sinais flogísticos refere dor leve no local da cirurgia sinais vitais pressão cento e ' +
      'trinta por oitenta frequência setenta e dois respiração dezoito temperatura trinta e seis e ' +
      'quatro saturação noventa e sete às dez horas administrado cefazolina um grama endovenoso ' +
      'conforme prescrição realizado curativo em ferida operatória sem secreção aceitou metade do ' +
      'almoço diurese presente em fralda evacuação ausente às quatorze horas apresentou náusea ' +
      'comunicado à enfermeira e administrado ondansetrona quatro miligramas endovenoso',
    facts: [
      ['name', 'Sebastião Rocha'],
      ['gender', 'Masculino'],
      ['generalState', 'acordado calmo no leito'],
      [
        'generalState',
        'acesso venoso periférico em membro superior esquerdo sem sinais flogísticos',
      ],
      ['generalState', 'dor leve no local da cirurgia'],
      ['vitalSigns', 'PA: 130x80 mmHg'],
      ['vitalSigns', 'FC: 72 bpm'],
      ['vitalSigns', 'FR: 18 irpm'],
      ['vitalSigns', 'Tax: 36,4 °C'],
      ['vitalSigns', 'SatO2: 97%'],
      ['procedures', 'cefazolina 1 g endovenoso'],
      ['procedures', 'curativo em ferida operatória sem secreção'],
      ['intakeOutput', 'aceitou metade do almoço'],
      ['intakeOutput', 'diurese presente em fralda'],
      ['incidents', 'apresentou náusea'],
      ['incidents', 'comunicado à enfermeira'],
      ['procedures', 'ondansetrona 4 mg endovenoso'],
    ],
  },
  {
    id: 'te-02',
    professional: 'tecnico_enfermagem',
    style: 'typed',
    text:
      'Sr. Joaquim Pereira, 80 anos. 19h: recebo plantão com paciente dormindo, em decúbito lateral ' +
      'esquerdo, SVD com diurese clara. SSVV: PA 100x60 mmHg, FC 96 bpm, FR 20 irpm, Tax 37,9 °C, ' +
      'SatO2 93%. 20h: administrado paracetamol 750 mg VO conforme prescrição. 22h: realizada ' +
      'mudança de decúbito e higiene oral. Dieta enteral por SNE a 50 ml/h, sem resíduo. Diurese de ' +
      '600 ml no período. 23h: paciente apresentou episódio de agitação, retirou acesso venoso, ' +
      'comunicado ao enfermeiro, realizada nova punção em MSD.',
    facts: [
      ['name', 'Joaquim Pereira'],
      ['age', '80 anos'],
      ['gender', 'Masculino'],
      ['generalState', 'dormindo, em decúbito lateral esquerdo'],
      ['vitalSigns', 'PA: 100x60 mmHg'],
      ['vitalSigns', 'Tax: 37,9 °C'],
      ['vitalSigns', 'SatO2: 93%'],
      ['procedures', 'paracetamol 750 mg VO'],
      ['procedures', 'mudança de decúbito e higiene oral'],
      ['intakeOutput', 'dieta enteral por SNE a 50 ml/h, sem resíduo'],
      ['intakeOutput', 'diurese de 600 ml no período'],
      ['incidents', 'episódio de agitação, retirou acesso venoso'],
      ['incidents', 'comunicado ao enfermeiro'],
    ],
  },
  {
    id: 'te-03',
    professional: 'tecnico_enfermagem',
    style: 'realtime',
    text:
      'Paciente Luzia Fernandes, 62 anos, leito 7. Às 8 horas encontra-se lúcida, deambulando no ' +
      'quarto, refere cefaleia leve. Sinais vitais: PA 150x90, FC 80, FR 16, temperatura 36,1, ' +
      'saturação 98%, glicemia capilar 210. Administrada insulina regular 4 unidades subcutânea ' +
      'conforme prescrição e captopril 25 mg via oral. Aceitou toda a dieta do café da manhã, ' +
      'ingeriu 300 ml de água. Evacuou uma vez, fezes pastosas. Sem intercorrências no período.',
    facts: [
      ['name', 'Luzia Fernandes'],
      ['age', '62 anos'],
      ['gender', 'Feminino'],
      ['generalState', 'lúcida, deambulando no quarto'],
      ['generalState', 'cefaleia leve'],
      ['vitalSigns', 'PA: 150x90 mmHg'],
      ['vitalSigns', 'Glicemia capilar: 210 mg/dL'],
      ['vitalSigns', 'SatO2: 98%'],
      ['procedures', 'insulina regular 4 unidades subcutânea'],
      ['procedures', 'captopril 25 mg via oral'],
      ['intakeOutput', 'aceitou toda a dieta do café da manhã'],
      ['intakeOutput', 'ingeriu 300 ml de água'],
      ['intakeOutput', 'evacuou uma vez, fezes pastosas'],
      ['incidents', 'sem intercorrências no período'],
    ],
  },
];
