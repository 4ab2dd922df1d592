/**
 * A second held-out set, written after the fixes the first one revealed, and never used to tune
 * the formatter: one per specialty. Reported apart (see docs/offline-formatter.md).
 */
import type { LabelledDictation } from '../types.js';

export const HELD_OUT_2: readonly LabelledDictation[] = [
  {
    id: 'h2-cm',
    professional: 'consulta_medica',
    style: 'realtime',
    text:
      'Paciente Igor Batista, 19 anos, com dor no joelho direito há uma semana após jogar futebol. ' +
      'Piora ao subir escadas. Nega trauma direto. Sem comorbidades. Ao exame, derrame articular ' +
      'leve, gaveta anterior negativa, dor à palpação da interlinha medial. Penso em lesão de ' +
      'menisco medial. Vou pedir ressonância do joelho e prescrever naproxeno 500 mg de 12 em 12 ' +
      'horas por 7 dias. Retorno com o exame.',
    facts: [
      ['name', 'Igor Batista'],
      ['age', '19 anos'],
      ['chiefComplaint', 'dor no joelho direito há uma semana'],
      ['historyOfPresentIllness', 'piora ao subir escadas'],
      ['historyOfPresentIllness', 'nega trauma direto'],
      ['physicalExam', 'derrame articular leve'],
      ['physicalExam', 'dor à palpação da interlinha medial'],
      ['diagnosticHypothesis', 'lesão de menisco medial'],
      ['plan', 'ressonância do joelho'],
      ['plan', 'naproxeno 500 mg de 12 em 12 horas por 7 dias'],
      ['plan', 'retorno com o exame'],
    ],
  },
  {
    id: 'h2-amb',
    professional: 'medico_ambulatorio',
    style: 'speech',
    text:
      'retorno de nefrologia dona helena souza sessenta e dois anos doença renal crônica estágio ' +
      'quatro por diabetes refere mais cansaço e inchaço nos pés toma insulina nph vinte unidades ' +
      'de manhã e losartana cinquenta miligramas trouxe creatinina de três vírgula dois e potássio ' +
      'de cinco vírgula oito ao exame pressão cento e cinquenta por noventa e cinco edema mais dois ' +
      'em quatro hipótese doença renal crônica em progressão com hipercalemia conduta suspendo a ' +
      'losartana inicio anlodipino cinco miligramas uma vez ao dia dieta pobre em potássio retorno ' +
      'em um mês com novos exames',
    facts: [
      ['name', 'Helena Souza'],
      ['age', '62 anos'],
      ['gender', 'Feminino'],
      ['historyOfPresentIllness', 'mais cansaço e inchaço nos pés'],
      ['medicationsInUse', 'insulina nph 20 unidades de manhã'],
      ['complementaryExams', 'creatinina de 3,2'],
      ['physicalExam', 'PA: 150x95 mmHg'],
      ['physicalExam', 'edema mais dois em quatro'],
      ['diagnosticHypothesis', 'doença renal crônica em progressão com hipercalemia'],
      ['plan', 'suspendo a losartana'],
      ['plan', 'anlodipino 5 mg uma vez ao dia'],
      ['plan', 'dieta pobre em potássio'],
      ['followUp', 'retorno em um mês com novos exames'],
    ],
  },
  {
    id: 'h2-mf',
    professional: 'medico_familia',
    style: 'speech',
    text:
      'seu benedito setenta e dois anos veio para consulta de rotina está bem caminha todos os ' +
      'dias toma metformina quinhentos miligramas duas vezes ao dia pressão cento e trinta e dois ' +
      'por setenta e oito glicemia capilar cento e dez pés sem lesões diabetes controlado mantenho ' +
      'a metformina solicito hemoglobina glicada e função renal vacina da gripe aplicada hoje ' +
      'retorno em seis meses',
    facts: [
      ['name', 'Benedito'],
      ['age', '72 anos'],
      ['gender', 'Masculino'],
      ['reasonForEncounter', 'consulta de rotina'],
      ['subjective', 'caminha todos os dias'],
      ['medicationsInUse', 'metformina 500 mg duas vezes ao dia'],
      ['objective', 'PA: 132x78 mmHg'],
      ['objective', 'Glicemia capilar: 110 mg/dL'],
      ['objective', 'pés sem lesões'],
      ['assessment', 'diabetes controlado'],
      ['plan', 'hemoglobina glicada e função renal'],
      ['plan', 'retorno em seis meses'],
    ],
  },
  {
    id: 'h2-mfp',
    professional: 'medico_familia_personalizado',
    style: 'typed',
    text:
      'Queixa: tosse há 3 semanas.\nSubjetivo: Rodrigo, 35 anos, tosse seca que piora à noite, sem ' +
      'febre. Fuma 10 cigarros por dia.\nContexto familiar: mora com a esposa grávida e um filho de ' +
      '2 anos; trabalha em marmoraria.\nObjetivo: MV presente com sibilos esparsos, SatO2 97%.\n' +
      'Avaliação: bronquite aguda em tabagista.\nPlano: salbutamol spray 2 jatos de 6 em 6 horas se ' +
      'falta de ar, abordagem para cessação do tabagismo.\nPrevenção: rastreamento de tuberculose ' +
      'se tosse persistir, vacina contra influenza.',
    facts: [
      ['name', 'Rodrigo'],
      ['age', '35 anos'],
      ['reasonForEncounter', 'tosse há 3 semanas'],
      ['subjective', 'tosse seca que piora à noite'],
      ['subjective', 'fuma 10 cigarros por dia'],
      ['lifeContext', 'mora com a esposa grávida e um filho de 2 anos'],
      ['objective', 'MV presente com sibilos esparsos'],
      ['objective', 'SatO2: 97%'],
      ['assessment', 'bronquite aguda em tabagista'],
      ['plan', 'abordagem para cessação do tabagismo'],
      ['preventiveCare', 'rastreamento de tuberculose se tosse persistir'],
    ],
  },
  {
    id: 'h2-mt',
    professional: 'medico_trabalho',
    style: 'realtime',
    text:
      'Exame periódico. Trabalhadora Camila Reis, 33 anos, operadora de telemarketing na Conecta ' +
      'Serviços, jornada de 6 horas. Refere dor no punho direito há dois meses, com formigamento à ' +
      'noite. Exposta a movimentos repetitivos de digitação. Ao exame, Phalen positivo à direita. ' +
      'Eletroneuromiografia com síndrome do túnel do carpo leve. Apta com restrição para digitação ' +
      'contínua. Recomendo pausas de 10 minutos a cada 50 minutos e avaliação com ortopedista.',
    facts: [
      ['name', 'Camila Reis'],
      ['age', '33 anos'],
      ['gender', 'Feminino'],
      ['examType', 'periódico'],
      ['jobRole', 'operadora de telemarketing'],
      ['clinicalHistory', 'dor no punho direito há dois meses'],
      ['riskExposure', 'movimentos repetitivos de digitação'],
      ['clinicalExam', 'Phalen positivo à direita'],
      ['aptitude', 'apta com restrição para digitação contínua'],
      ['recommendations', 'pausas de 10 minutos a cada 50 minutos'],
    ],
  },
  {
    id: 'h2-vd',
    professional: 'medico_visitador',
    style: 'speech',
    text:
      'visita domiciliar seu aristides oitenta e um anos sequela de avc com hemiparesia esquerda ' +
      'desde a última visita teve uma queda no banheiro sem fraturas usa aas cem miligramas e ' +
      'atorvastatina quarenta miligramas a casa tem degraus na entrada e o banheiro não tem barras ' +
      'o cuidador é o filho que trabalha de dia e fica sozinho à tarde ao exame pressão cento e ' +
      'vinte por oitenta hematoma em quadril esquerdo risco alto de quedas oriento instalar barras ' +
      'no banheiro e fisioterapia domiciliar próxima visita em trinta dias',
    facts: [
      ['name', 'Aristides'],
      ['age', '81 anos'],
      ['gender', 'Masculino'],
      ['clinicalHistory', 'teve uma queda no banheiro sem fraturas'],
      ['currentMedications', 'aas 100 mg'],
      ['homeConditions', 'degraus na entrada'],
      ['caregiver', 'o filho que trabalha de dia'],
      ['physicalExam', 'PA: 120x80 mmHg'],
      ['physicalExam', 'hematoma em quadril esquerdo'],
      ['plan', 'instalar barras no banheiro'],
      ['nextVisit', 'em trinta dias'],
    ],
  },
  {
    id: 'h2-enf',
    professional: 'enfermeira',
    style: 'typed',
    text:
      'Paciente Rosa Lima, 81 anos, acamada, com lesão por pressão em região sacral estágio 3, ' +
      '5x4 cm, com esfacelo. Braden 11. Eupneica, PA 110x70. Diagnósticos de enfermagem: ' +
      'integridade da pele prejudicada; risco de infecção. Meta: redução do esfacelo em 2 ' +
      'semanas. Realizado desbridamento com papaína 10% e mudança de decúbito a cada 2 horas. ' +
      'Familiar orientado quanto ao posicionamento. Evolui com bordas sem maceração.',
    facts: [
      ['name', 'Rosa Lima'],
      ['age', '81 anos'],
      ['gender', 'Feminino'],
      ['assessment', 'lesão por pressão em região sacral estágio 3'],
      ['assessment', 'Braden 11'],
      ['assessment', 'PA: 110x70 mmHg'],
      ['nursingDiagnoses', 'integridade da pele prejudicada'],
      ['planning', 'redução do esfacelo em 2 semanas'],
      ['implementation', 'desbridamento com papaína 10%'],
      ['implementation', 'mudança de decúbito a cada 2 horas'],
      ['evaluation', 'bordas sem maceração'],
    ],
  },
  {
    id: 'h2-te',
    professional: 'tecnico_enfermagem',
    style: 'speech',
    text:
      'plantão da manhã paciente marcos teles leito oito encontra-se sonolento com oxigênio em ' +
      'cateter nasal dois litros sinais vitais pressão cento e dez por setenta frequência cem ' +
      'saturação noventa e um temperatura trinta e oito às nove horas administrado dipirona um ' +
      'grama endovenoso aceitou pouco o café diurese em sonda vesical quinhentos mililitros às ' +
      'onze horas apresentou queda da saturação para oitenta e oito comunicado ao médico',
    facts: [
      ['name', 'Marcos Teles'],
      ['gender', 'Masculino'],
      ['generalState', 'sonolento com oxigênio em cateter nasal dois litros'],
      ['vitalSigns', 'PA: 110x70 mmHg'],
      ['vitalSigns', 'FC: 100 bpm'],
      ['vitalSigns', 'Tax: 38 °C'],
      ['procedures', 'dipirona 1 g endovenoso'],
      ['intakeOutput', 'aceitou pouco o café'],
      ['incidents', 'comunicado ao médico'],
    ],
  },
  {
    id: 'h2-nut',
    professional: 'nutricionista',
    style: 'typed',
    text:
      'Paciente Otávio Gomes, 48 anos, masculino. Motivo: controle do colesterol. Hipertenso, usa ' +
      'enalapril. Peso 95 kg, altura 1,80 m, circunferência abdominal 104 cm. Almoça fora todos os ' +
      'dias, come frituras 4 vezes por semana, bebe cerveja nos fins de semana. Colesterol total ' +
      '260, LDL 180. Sobrepeso com dislipidemia. Plano alimentar de 2200 kcal, reduzir frituras e ' +
      'embutidos, aumentar fibras. Retorno em 60 dias.',
    facts: [
      ['name', 'Otávio Gomes'],
      ['age', '48 anos'],
      ['gender', 'Masculino'],
      ['reason', 'controle do colesterol'],
      ['clinicalHistory', 'hipertenso, usa enalapril'],
      ['anthropometry', 'Peso: 95 kg'],
      ['anthropometry', 'circunferência abdominal 104 cm'],
      ['dietaryHistory', 'frituras 4 vezes por semana'],
      ['labs', 'LDL 180'],
      ['nutritionalDiagnosis', 'sobrepeso com dislipidemia'],
      ['dietPlan', 'plano alimentar de 2200 kcal'],
      ['followUp', 'retorno em 60 dias'],
    ],
  },
  {
    id: 'h2-as',
    professional: 'assistente_social',
    style: 'realtime',
    text:
      'Usuária Daniela Cruz, 28 anos, compareceu ao serviço por demanda espontânea, relatando ' +
      'violência doméstica pelo companheiro. Mora com o companheiro e duas filhas de 3 e 6 anos. ' +
      'Não trabalha, a renda da família vem do companheiro. Residem em casa alugada. A mãe mora em ' +
      'outra cidade e pode acolhê-la. Observa-se situação de violência com risco à integridade da ' +
      'usuária e das filhas. Encaminho ao Centro de Referência da Mulher e oriento sobre medida ' +
      'protetiva na Delegacia da Mulher.',
    facts: [
      ['name', 'Daniela Cruz'],
      ['age', '28 anos'],
      ['gender', 'Feminino'],
      ['demand', 'violência doméstica pelo companheiro'],
      ['familyComposition', 'duas filhas de 3 e 6 anos'],
      ['housing', 'casa alugada'],
      ['supportNetwork', 'pode acolhê-la'],
      ['analysis', 'risco à integridade da usuária e das filhas'],
      ['opinion', 'Centro de Referência da Mulher'],
    ],
  },
  {
    id: 'h2-psq',
    professional: 'psiquiatria',
    style: 'speech',
    text:
      'paciente juliano alves trinta e oito anos veio porque não consegue parar de lavar as mãos ' +
      'há cinco anos lava as mãos mais de trinta vezes por dia e verifica as portas várias vezes ' +
      'antes de dormir nunca fez tratamento irmão com transtorno de ansiedade trabalha como ' +
      'contador ao exame vigil orientado ansioso pensamento com obsessões de contaminação crítica ' +
      'preservada transtorno obsessivo compulsivo prescrevo fluvoxamina cinquenta miligramas à ' +
      'noite e encaminho para terapia de exposição retorno em um mês',
    facts: [
      ['name', 'Juliano Alves'],
      ['age', '38 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'não consegue parar de lavar as mãos há cinco anos'],
      ['historyOfPresentIllness', 'verifica as portas várias vezes antes de dormir'],
      ['psychiatricHistory', 'nunca fez tratamento'],
      ['personalHistory', 'trabalha como contador'],
      ['mentalStatusExam', 'obsessões de contaminação'],
      ['diagnosticHypothesis', 'transtorno obsessivo compulsivo'],
      ['plan', 'fluvoxamina 50 mg à noite'],
      ['plan', 'terapia de exposição'],
    ],
  },
  {
    id: 'h2-psp',
    professional: 'psiquiatria_personalizado',
    style: 'typed',
    text:
      'Paciente Luana Ferraz, 17 anos, feminino, trazida pela mãe. QP: automutilação nos braços ' +
      'há 2 meses. HDA: cortes superficiais após brigas em casa, nega intenção de morrer. Sem ' +
      'tratamentos prévios. EEM: vigil, humor disfórico, afeto lábil, sem alterações da ' +
      'sensopercepção. Avaliação de risco: risco moderado, sem plano suicida; fatores de proteção: ' +
      'vínculo com a escola. Escalas: PHQ-A 15. HD: autolesão não suicida. Conduta: psicoterapia ' +
      'semanal, orientação familiar e retorno em 2 semanas.',
    facts: [
      ['name', 'Luana Ferraz'],
      ['age', '17 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'automutilação nos braços há 2 meses'],
      ['historyOfPresentIllness', 'cortes superficiais após brigas em casa'],
      ['psychiatricHistory', 'sem tratamentos prévios'],
      ['mentalStatusExam', 'humor disfórico, afeto lábil'],
      ['riskAssessment', 'risco moderado, sem plano suicida'],
      ['scales', 'PHQ-A 15'],
      ['diagnosticHypothesis', 'autolesão não suicida'],
      ['plan', 'psicoterapia semanal'],
    ],
  },
  {
    id: 'h2-psi',
    professional: 'psicoterapia',
    style: 'speech',
    text:
      'avaliação psicológica solicitada pela vara da infância de guarulhos sobre a criança pedro ' +
      'de oito anos a demanda é verificar indícios de alienação parental foram realizadas quatro ' +
      'sessões lúdicas com a criança e entrevistas com os pais segundo a mãe o pai fala mal dela ' +
      'para o filho observa-se que a criança repete falas de adulto sobre a mãe conclui-se que há ' +
      'indícios de alienação parental por parte do pai',
    facts: [
      ['identification', 'vara da infância de guarulhos'],
      ['demand', 'verificar indícios de alienação parental'],
      ['procedures', 'quatro sessões lúdicas com a criança'],
      ['history', 'o pai fala mal dela para o filho'],
      ['analysis', 'a criança repete falas de adulto sobre a mãe'],
      ['conclusion', 'há indícios de alienação parental por parte do pai'],
    ],
  },
];
