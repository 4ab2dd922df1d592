/**
 * Held-out dictations: written after the formatter was tuned on the other files, one per
 * specialty, and never used to tune it. Their score is reported apart from the tuning corpus.
 */
import type { LabelledDictation } from '../types.js';

export const HELD_OUT: readonly LabelledDictation[] = [
  {
    id: 'ho-cm',
    professional: 'consulta_medica',
    style: 'speech',
    text:
      'paciente marina costa quarenta e um anos vem com queixa de dor em queimação ao urinar há ' +
      'quatro dias com urgência e aumento da frequência urinária nega febre nega dor lombar teve ' +
      'dois episódios parecidos no ano passado alérgica a penicilina ao exame abdome flácido dor ' +
      'leve em hipogástrio punho percussão lombar negativa temperatura trinta e seis e oito ' +
      'hipótese infecção urinária baixa prescrevo nitrofurantoína cem miligramas de seis em seis ' +
      'horas por cinco dias peço urocultura retorno se febre',
    facts: [
      ['name', 'Marina Costa'],
      ['age', '41 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'dor em queimação ao urinar há quatro dias'],
      ['historyOfPresentIllness', 'urgência e aumento da frequência urinária'],
      ['historyOfPresentIllness', 'nega dor lombar'],
      ['pastHistory', 'alérgica a penicilina'],
      ['physicalExam', 'abdome flácido dor leve em hipogástrio'],
      ['physicalExam', 'Tax: 36,8 °C'],
      ['diagnosticHypothesis', 'infecção urinária baixa'],
      ['plan', 'nitrofurantoína 100 mg de seis em seis horas por cinco dias'],
      ['plan', 'urocultura'],
      ['plan', 'retorno se febre'],
    ],
  },
  {
    id: 'ho-amb',
    professional: 'medico_ambulatorio',
    style: 'realtime',
    text:
      'Retorno na pneumologia. Seu Osvaldo Pires, 67 anos, DPOC. Refere que a falta de ar piorou ' +
      'nos últimos dois meses, agora cansa ao tomar banho. Usa formoterol com budesonida duas vezes ' +
      'ao dia. Ex-tabagista de 40 maços-ano. Espirometria de março com VEF1 de 38% do previsto. Ao ' +
      'exame, murmúrio vesicular diminuído difusamente, saturação 90% em ar ambiente. DPOC grave, ' +
      'exacerbação não infecciosa. Associo tiotrópio 2,5 mcg dois jatos uma vez ao dia e encaminho à ' +
      'reabilitação pulmonar. Retorno em 2 meses.',
    facts: [
      ['name', 'Osvaldo Pires'],
      ['age', '67 anos'],
      ['gender', 'Masculino'],
      ['historyOfPresentIllness', 'cansa ao tomar banho'],
      ['pastHistory', 'formoterol com budesonida duas vezes ao dia'],
      ['pastHistory', 'ex-tabagista de 40 maços-ano'],
      ['complementaryExams', 'VEF1 de 38% do previsto'],
      ['physicalExam', 'murmúrio vesicular diminuído difusamente'],
      ['physicalExam', 'SatO2: 90% em ar ambiente'],
      ['diagnosticHypothesis', 'DPOC grave'],
      ['plan', 'tiotrópio 2,5 mcg'],
      ['plan', 'reabilitação pulmonar'],
      ['followUp', 'retorno em 2 meses'],
    ],
  },
  {
    id: 'ho-mf',
    professional: 'medico_familia',
    style: 'typed',
    text:
      'Joana, 33 anos, vem por manchas vermelhas que coçam nos braços há uma semana, começaram ' +
      'depois de trocar o sabão em pó. Sem febre. Nega alergias conhecidas. Lesões eritematosas ' +
      'papulares em antebraços, sem vesículas. Dermatite de contato. Suspender o sabão novo, ' +
      'hidratante duas vezes ao dia e dexclorfeniramina 2 mg à noite por 5 dias. Retorno se não ' +
      'melhorar em 10 dias.',
    facts: [
      ['name', 'Joana'],
      ['age', '33 anos'],
      ['reasonForEncounter', 'manchas vermelhas que coçam nos braços há uma semana'],
      ['subjective', 'depois de trocar o sabão em pó'],
      ['subjective', 'nega alergias conhecidas'],
      ['objective', 'lesões eritematosas papulares em antebraços'],
      ['assessment', 'dermatite de contato'],
      ['plan', 'suspender o sabão novo'],
      ['plan', 'dexclorfeniramina 2 mg à noite por 5 dias'],
      ['plan', 'retorno se não melhorar em 10 dias'],
    ],
  },
  {
    id: 'ho-mfp',
    professional: 'medico_familia_personalizado',
    style: 'speech',
    text:
      'dona cida sessenta anos veio porque está muito cansada e desanimada há três meses depois ' +
      'que começou a cuidar da mãe acamada mora com a mãe e um filho adolescente o marido faleceu ' +
      'no ano passado dorme pouco pressão cento e vinte e oito por oitenta peso setenta e dois ' +
      'quilos sem alterações no exame sobrecarga de cuidadora com sintomas depressivos leves ' +
      'oriento buscar apoio do cras e do grupo de cuidadores da unidade mamografia atrasada vou ' +
      'solicitar retorno em trinta dias',
    facts: [
      ['name', 'Cida'],
      ['age', '60 anos'],
      ['gender', 'Feminino'],
      ['reasonForEncounter', 'muito cansada e desanimada há três meses'],
      ['lifeContext', 'mora com a mãe e um filho adolescente'],
      ['objective', 'PA: 128x80 mmHg'],
      ['objective', 'Peso: 72 kg'],
      ['assessment', 'sobrecarga de cuidadora com sintomas depressivos leves'],
      ['plan', 'apoio do cras e do grupo de cuidadores da unidade'],
      ['preventiveCare', 'mamografia atrasada'],
    ],
  },
  {
    id: 'ho-mt',
    professional: 'medico_trabalho',
    style: 'typed',
    text:
      'Exame demissional. Trabalhador Everton Luís Dias, 29 anos, pintor industrial na Tintas ' +
      'Sul Ltda há 3 anos. Exposto a solventes orgânicos (tolueno, xileno) e ruído; usava ' +
      'respirador com filtro químico. Sem queixas. Nega tabagismo. PA 118x76, FC 70. Pele e ' +
      'mucosas sem alterações. Audiometria normal, hemograma normal. Apto. Orientado a guardar ' +
      'os exames.',
    facts: [
      ['name', 'Everton Luís Dias'],
      ['age', '29 anos'],
      ['gender', 'Masculino'],
      ['examType', 'demissional'],
      ['riskExposure', 'solventes orgânicos (tolueno, xileno) e ruído'],
      ['riskExposure', 'respirador com filtro químico'],
      ['clinicalHistory', 'sem queixas'],
      ['clinicalExam', 'PA: 118x76 mmHg'],
      ['clinicalExam', 'pele e mucosas sem alterações'],
      ['complementaryExams', 'audiometria normal, hemograma normal'],
      ['aptitude', 'apto'],
      ['recommendations', 'guardar os exames'],
    ],
  },
  {
    id: 'ho-vd',
    professional: 'medico_visitador',
    style: 'realtime',
    text:
      'Visita de acompanhamento. Dona Zulmira, 95 anos, demência avançada, restrita ao leito. ' +
      'Desde a última visita está aceitando menos a dieta pastosa e teve um episódio de engasgo. ' +
      'Em uso de quetiapina 25 mg à noite. A casa tem boa iluminação, mas a cama não tem grades. ' +
      'A cuidadora é a nora, muito dedicada. Ao exame, emagrecida, mucosas secas, PA 100x60, ' +
      'sem sinais de broncoaspiração. Disfagia progressiva. Oriento espessar os líquidos e dieta ' +
      'em pequenas porções com cabeceira elevada. Encaminho para fonoaudiologia domiciliar. ' +
      'Próxima visita em 15 dias.',
    facts: [
      ['name', 'Zulmira'],
      ['age', '95 anos'],
      ['gender', 'Feminino'],
      ['visitReason', 'acompanhamento'],
      ['clinicalHistory', 'aceitando menos a dieta pastosa'],
      ['currentMedications', 'quetiapina 25 mg à noite'],
      ['homeConditions', 'a cama não tem grades'],
      ['caregiver', 'a nora, muito dedicada'],
      ['physicalExam', 'emagrecida, mucosas secas'],
      ['physicalExam', 'PA: 100x60 mmHg'],
      ['assessment', 'disfagia progressiva'],
      ['plan', 'espessar os líquidos'],
      ['plan', 'fonoaudiologia domiciliar'],
      ['nextVisit', 'em 15 dias'],
    ],
  },
  {
    id: 'ho-enf',
    professional: 'enfermeira',
    style: 'speech',
    text:
      'avaliação de enfermagem dona célia setenta anos segundo dia de internação por ' +
      'insuficiência cardíaca refere falta de ar ao deitar edema em membros inferiores mais dois ' +
      'em quatro pressão cento e quarenta por noventa saturação noventa e três diurese de oitocentos ' +
      'mililitros em doze horas diagnóstico de enfermagem volume de líquidos excessivo meta reduzir ' +
      'edema e manter saturação acima de noventa e dois realizado balanço hídrico e controle de ' +
      'peso diário orientada restrição hídrica elevada cabeceira',
    facts: [
      ['name', 'Célia'],
      ['age', '70 anos'],
      ['gender', 'Feminino'],
      ['assessment', 'falta de ar ao deitar'],
      ['assessment', 'edema em membros inferiores'],
      ['assessment', 'PA: 140x90 mmHg'],
      ['assessment', 'SatO2: 93%'],
      ['nursingDiagnoses', 'volume de líquidos excessivo'],
      ['planning', 'reduzir edema'],
      ['implementation', 'balanço hídrico e controle de peso diário'],
      ['implementation', 'restrição hídrica'],
    ],
  },
  {
    id: 'ho-te',
    professional: 'tecnico_enfermagem',
    style: 'typed',
    text:
      'Plantão noturno. Paciente Antônio Lira, leito 5, dormindo tranquilo às 22h, acordou às 2h ' +
      'com dor abdominal. SSVV às 2h: PA 130x85, FC 92, Tax 36,9. Administrado escopolamina 20 mg EV ' +
      'conforme prescrição médica. Às 3h refere melhora da dor. Diurese espontânea, 400 ml. ' +
      'Comunicado ao enfermeiro o episódio de dor.',
    facts: [
      ['name', 'Antônio Lira'],
      ['generalState', 'dormindo tranquilo às 22h'],
      ['vitalSigns', 'PA: 130x85 mmHg'],
      ['vitalSigns', 'FC: 92 bpm'],
      ['procedures', 'escopolamina 20 mg EV'],
      ['intakeOutput', 'diurese espontânea, 400 ml'],
      ['incidents', 'comunicado ao enfermeiro o episódio de dor'],
    ],
  },
  {
    id: 'ho-nut',
    professional: 'nutricionista',
    style: 'realtime',
    text:
      'Gestante, Priscila, 27 anos, 24 semanas, veio para orientação alimentar por ganho de peso ' +
      'excessivo. Ganhou 12 kg até agora. Peso 78 kg, altura 1,60 m. Come muito doce à tarde, ' +
      'toma dois copos de refrigerante por dia e pula o café da manhã. Glicemia de jejum de 88. ' +
      'Ganho de peso gestacional acima do recomendado. Plano alimentar de 2000 kcal, trocar o ' +
      'refrigerante por água, fazer o café da manhã e lanches com frutas. Retorno em 4 semanas.',
    facts: [
      ['name', 'Priscila'],
      ['age', '27 anos'],
      ['gender', 'Feminino'],
      ['reason', 'orientação alimentar por ganho de peso excessivo'],
      ['anthropometry', 'Peso: 78 kg'],
      ['anthropometry', 'Altura: 1,6 m'],
      ['dietaryHistory', 'muito doce à tarde'],
      ['labs', 'glicemia de jejum de 88'],
      ['nutritionalDiagnosis', 'ganho de peso gestacional acima do recomendado'],
      ['dietPlan', 'plano alimentar de 2000 kcal'],
      ['dietPlan', 'trocar o refrigerante por água'],
      ['followUp', 'retorno em 4 semanas'],
    ],
  },
  {
    id: 'ho-as',
    professional: 'assistente_social',
    style: 'speech',
    text:
      'atendimento ao senhor raimundo nonato setenta e quatro anos encaminhado pela unidade de ' +
      'saúde por suspeita de negligência mora com o filho de quarenta anos que é dependente de ' +
      'álcool a renda é a aposentadoria de um salário mínimo que o filho administra a casa é ' +
      'própria mas está em condições precárias de higiene não tem outros familiares próximos ' +
      'recebe visita de uma vizinha observa-se situação de violação de direitos da pessoa idosa ' +
      'encaminho ao creas e comunico ao ministério público',
    facts: [
      ['name', 'Raimundo Nonato'],
      ['age', '74 anos'],
      ['gender', 'Masculino'],
      ['demand', 'suspeita de negligência'],
      ['familyComposition', 'mora com o filho de quarenta anos'],
      ['socioeconomic', 'aposentadoria de um salário mínimo'],
      ['housing', 'condições precárias de higiene'],
      ['supportNetwork', 'visita de uma vizinha'],
      ['analysis', 'violação de direitos da pessoa idosa'],
      ['opinion', 'creas'],
    ],
  },
  {
    id: 'ho-psq',
    professional: 'psiquiatria',
    style: 'typed',
    text:
      'Paciente Letícia Prado, 26 anos. Refere ataques de compulsão alimentar há 1 ano, seguidos ' +
      'de vômitos provocados, cerca de 4 vezes por semana. Tratou ansiedade na adolescência com ' +
      'psicoterapia. Mãe com transtorno bipolar. Mora sozinha, trabalha como designer. Vigil, ' +
      'orientada, humor ansioso, pensamento com preocupação excessiva com peso e forma corporal. ' +
      'Bulimia nervosa (F50.2). Inicio fluoxetina 20 mg pela manhã, aumentar para 60 mg. Encaminho ' +
      'para nutricionista e TCC. Retorno em 3 semanas.',
    facts: [
      ['name', 'Letícia Prado'],
      ['age', '26 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'ataques de compulsão alimentar há 1 ano'],
      ['historyOfPresentIllness', 'vômitos provocados'],
      ['psychiatricHistory', 'tratou ansiedade na adolescência com psicoterapia'],
      ['medicalAndFamilyHistory', 'mãe com transtorno bipolar'],
      ['personalHistory', 'mora sozinha'],
      ['mentalStatusExam', 'preocupação excessiva com peso e forma corporal'],
      ['diagnosticHypothesis', 'bulimia nervosa (F50.2)'],
      ['plan', 'fluoxetina 20 mg pela manhã'],
      ['plan', 'nutricionista e TCC'],
      ['plan', 'retorno em 3 semanas'],
    ],
  },
  {
    id: 'ho-psp',
    professional: 'psiquiatria_personalizado',
    style: 'realtime',
    text:
      'Seu Jorge Matos, 58 anos, trazido pela esposa porque está bebendo todos os dias há dois ' +
      'anos, cerca de um litro de cachaça, e ontem teve tremores e viu bichos na parede. Nunca fez ' +
      'tratamento. Pai alcoolista. Ao exame, desorientado no tempo, tremor fino de extremidades, ' +
      'sudoreico, alucinações visuais. Risco de heteroagressividade baixo, sem ideação suicida. ' +
      'CIWA-Ar de 22. Síndrome de abstinência alcoólica com delirium, F10.4. Indico internação ' +
      'para desintoxicação, tiamina 300 mg e diazepam 10 mg de 6 em 6 horas.',
    facts: [
      ['name', 'Jorge Matos'],
      ['age', '58 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'está bebendo todos os dias há dois anos'],
      ['historyOfPresentIllness', 'teve tremores e viu bichos na parede'],
      ['psychiatricHistory', 'nunca fez tratamento'],
      ['medicalAndFamilyHistory', 'pai alcoolista'],
      ['mentalStatusExam', 'desorientado no tempo'],
      ['mentalStatusExam', 'alucinações visuais'],
      ['riskAssessment', 'risco de heteroagressividade baixo'],
      ['scales', 'CIWA-Ar de 22'],
      ['diagnosticHypothesis', 'síndrome de abstinência alcoólica com delirium'],
      ['plan', 'internação para desintoxicação'],
      ['plan', 'tiamina 300 mg'],
      ['plan', 'diazepam 10 mg de 6 em 6 horas'],
    ],
  },
  {
    id: 'ho-psi',
    professional: 'psicoterapia',
    style: 'typed',
    text:
      'Pessoa avaliada: Renato Farias, 45 anos. Solicitante: Vara do Trabalho de Osasco, ' +
      'reclamação trabalhista. Quesito: há nexo entre o quadro psíquico e o assédio relatado no ' +
      'trabalho? Foram realizadas duas entrevistas e aplicado o inventário de depressão de Beck. ' +
      'Segundo o periciando, sofreu humilhações do supervisor por dois anos. Os resultados indicam ' +
      'depressão moderada. Conclui-se que há nexo provável entre o quadro depressivo e as ' +
      'condições de trabalho relatadas.',
    facts: [
      ['name', 'Renato Farias'],
      ['age', '45 anos'],
      ['identification', 'Vara do Trabalho de Osasco'],
      ['demand', 'nexo entre o quadro psíquico e o assédio relatado no trabalho'],
      ['procedures', 'duas entrevistas'],
      ['history', 'sofreu humilhações do supervisor por dois anos'],
      ['analysis', 'depressão moderada'],
      ['conclusion', 'nexo provável entre o quadro depressivo e as condições de trabalho'],
    ],
  },
];
