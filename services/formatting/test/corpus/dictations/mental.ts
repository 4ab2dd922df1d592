/** Psychiatry (psiquiatria, psiquiatria_personalizado) and forensic psychology (psicoterapia). */
import type { LabelledDictation } from '../types.js';

export const MENTAL_HEALTH: readonly LabelledDictation[] = [
  {
    id: 'psq-01',
    professional: 'psiquiatria',
    style: 'speech',
    text:
      'paciente ana paula trinta e dois anos veio porque está com crises de ansiedade há seis meses ' +
      'sente o coração disparar falta de ar e medo de morrer as crises acontecem duas a três vezes ' +
      'por semana e ela passou a evitar sair de casa já tratou depressão em dois mil e dezoito com ' +
      'sertralina com boa resposta nega internações mãe tem depressão não fuma bebe socialmente ' +
      'trabalha como professora mora com o marido ao exame vigil orientada ansiosa humor ansioso ' +
      'afeto congruente pensamento sem alterações de curso sem ideação suicida transtorno de pânico ' +
      'com agorafobia vou iniciar sertralina cinquenta miligramas pela manhã e clonazepam zero ' +
      'vírgula cinco miligramas se crise encaminho para terapia cognitivo comportamental retorno em ' +
      'quatro semanas',
    facts: [
      ['name', 'Ana Paula'],
      ['age', '32 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'crises de ansiedade há seis meses'],
      ['historyOfPresentIllness', 'coração disparar falta de ar e medo de morrer'],
      ['historyOfPresentIllness', 'duas a três vezes por semana'],
      ['historyOfPresentIllness', 'evitar sair de casa'],
      [
        'psychiatricHistory',
        'tratou depressão em dois mil e dezoito com sertralina com boa resposta',
      ],
      ['psychiatricHistory', 'nega internações'],
      ['medicalAndFamilyHistory', 'mãe tem depressão'],
      ['medicalAndFamilyHistory', 'não fuma bebe socialmente'],
      ['personalHistory', 'trabalha como professora'],
      ['personalHistory', 'mora com o marido'],
      ['mentalStatusExam', 'vigil orientada'],
      ['mentalStatusExam', 'humor ansioso afeto congruente'],
      ['mentalStatusExam', 'sem ideação suicida'],
      ['diagnosticHypothesis', 'transtorno de pânico com agorafobia'],
      ['plan', 'sertralina 50 mg pela manhã'],
      ['plan', 'clonazepam'],
      ['plan', 'terapia cognitivo comportamental'],
      ['plan', 'retorno em quatro semanas'],
    ],
  },
  {
    id: 'psq-02',
    professional: 'psiquiatria',
    style: 'typed',
    text: [
      'Identificação: Rafael Mendes, 24 anos, masculino, estudante universitário.',
      'QP: "não consigo me concentrar" há 1 ano.',
      'HDA: dificuldade de atenção e procrastinação desde a infância, piora na faculdade, com ' +
        'reprovações em 3 disciplinas. Sono irregular, dorme às 3h. Nega humor deprimido ' +
        'persistente.',
      'Antecedentes psiquiátricos: sem tratamentos prévios.',
      'Antecedentes clínicos e familiares: asma na infância. Pai com possível TDAH não ' +
        'diagnosticado. Uso de maconha nos finais de semana.',
      'História pessoal: mora em república, bom rendimento escolar no ensino médio.',
      'EEM: vigil, orientado, cooperativo, atenção dispersa, pensamento de curso normal, humor ' +
        'eutímico, afeto modulado, crítica preservada.',
      'HD: TDAH, apresentação desatenta (F90.0). Uso nocivo de canabinoides?',
      'Conduta: solicito escalas ASRS e avaliação neuropsicológica. Oriento higiene do sono e ' +
        'redução do uso de maconha. Retorno em 30 dias.',
    ].join('\n'),
    facts: [
      ['name', 'Rafael Mendes'],
      ['age', '24 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'não consigo me concentrar'],
      ['historyOfPresentIllness', 'dificuldade de atenção e procrastinação desde a infância'],
      ['historyOfPresentIllness', 'reprovações em 3 disciplinas'],
      ['historyOfPresentIllness', 'sono irregular, dorme às 3h'],
      ['psychiatricHistory', 'sem tratamentos prévios'],
      ['medicalAndFamilyHistory', 'asma na infância'],
      ['medicalAndFamilyHistory', 'pai com possível TDAH não diagnosticado'],
      ['medicalAndFamilyHistory', 'uso de maconha nos finais de semana'],
      ['personalHistory', 'mora em república'],
      ['mentalStatusExam', 'atenção dispersa'],
      ['mentalStatusExam', 'humor eutímico, afeto modulado'],
      ['diagnosticHypothesis', 'TDAH, apresentação desatenta (F90.0)'],
      ['plan', 'escalas ASRS e avaliação neuropsicológica'],
      ['plan', 'higiene do sono'],
      ['plan', 'retorno em 30 dias'],
    ],
  },
  {
    id: 'psq-03',
    professional: 'psiquiatria',
    style: 'realtime',
    text:
      'Retorno. Senhor Paulo Henrique, 45 anos, transtorno bipolar tipo 1 em acompanhamento. A ' +
      'esposa conta que há duas semanas ele dorme 3 horas por noite, está falando muito, gastou ' +
      'todo o salário em compras e brigou no trabalho. Parou o lítio há um mês por conta própria. Já ' +
      'teve duas internações por mania, a última em 2020. Ao exame, vigil, vestes chamativas, ' +
      'discurso acelerado e logorreico, humor eufórico com irritabilidade, pensamento com fuga de ' +
      'ideias e ideias de grandeza, sem alucinações, crítica prejudicada. Episódio maníaco sem ' +
      'sintomas psicóticos, F31.1. Reinicio carbonato de lítio 300 mg de 8 em 8 horas e quetiapina ' +
      '100 mg à noite. Solicito litemia em 7 dias. Oriento a esposa sobre sinais de piora. Retorno ' +
      'em 1 semana.',
    facts: [
      ['name', 'Paulo Henrique'],
      ['age', '45 anos'],
      ['gender', 'Masculino'],
      ['historyOfPresentIllness', 'dorme 3 horas por noite'],
      ['historyOfPresentIllness', 'gastou todo o salário em compras'],
      ['historyOfPresentIllness', 'parou o lítio há um mês por conta própria'],
      ['psychiatricHistory', 'duas internações por mania'],
      ['mentalStatusExam', 'vestes chamativas'],
      ['mentalStatusExam', 'discurso acelerado e logorreico'],
      ['mentalStatusExam', 'humor eufórico com irritabilidade'],
      ['mentalStatusExam', 'fuga de ideias e ideias de grandeza'],
      ['mentalStatusExam', 'crítica prejudicada'],
      ['diagnosticHypothesis', 'episódio maníaco sem sintomas psicóticos'],
      ['plan', 'carbonato de lítio 300 mg de 8 em 8 horas'],
      ['plan', 'quetiapina 100 mg à noite'],
      ['plan', 'litemia em 7 dias'],
      ['plan', 'sinais de piora'],
      ['plan', 'retorno em 1 semana'],
    ],
  },
  {
    id: 'psq-04',
    professional: 'psiquiatria',
    style: 'speech',
    text:
      'dona irene setenta e oito anos trazida pela filha porque não quer mais sair da cama há dois ' +
      'meses desde que o marido faleceu chora todos os dias perdeu cinco quilos não tem vontade de ' +
      'nada diz que seria melhor morrer mas nega plano nunca fez tratamento psiquiátrico tem ' +
      'hipertensão e hipotireoidismo usa losartana e levotiroxina ao exame vigil orientada ' +
      'hipomímica lentificada humor deprimido afeto restrito pensamento com ideias de morte ' +
      'passivas sem plano juízo preservado episódio depressivo grave sem sintomas psicóticos luto ' +
      'complicado inicio mirtazapina quinze miligramas à noite oriento a família a não deixá-la ' +
      'sozinha e retirar medicamentos de fácil acesso retorno em uma semana',
    facts: [
      ['name', 'Irene'],
      ['age', '78 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'não quer mais sair da cama há dois meses'],
      ['historyOfPresentIllness', 'desde que o marido faleceu'],
      ['historyOfPresentIllness', 'chora todos os dias'],
      ['historyOfPresentIllness', 'perdeu cinco quilos'],
      ['historyOfPresentIllness', 'seria melhor morrer mas nega plano'],
      ['psychiatricHistory', 'nunca fez tratamento psiquiátrico'],
      ['medicalAndFamilyHistory', 'hipertensão e hipotireoidismo'],
      ['medicalAndFamilyHistory', 'losartana e levotiroxina'],
      ['mentalStatusExam', 'hipomímica lentificada'],
      ['mentalStatusExam', 'humor deprimido afeto restrito'],
      ['mentalStatusExam', 'ideias de morte passivas sem plano'],
      ['diagnosticHypothesis', 'episódio depressivo grave sem sintomas psicóticos'],
      ['plan', 'mirtazapina 15 mg à noite'],
      ['plan', 'não deixá-la sozinha'],
      ['plan', 'retorno em uma semana'],
    ],
  },
  {
    id: 'psp-01',
    professional: 'psiquiatria_personalizado',
    style: 'typed',
    text:
      'Paciente: Thiago Rocha, 19 anos, masculino. Queixa principal: trazido pelos pais após ' +
      'tentativa de suicídio há 3 dias. HDA: tristeza, isolamento e insônia há 4 meses, após ' +
      'término de namoro; ingeriu 20 comprimidos de paracetamol, foi atendido no PS. Antecedentes ' +
      'psiquiátricos: automutilação aos 15 anos, sem tratamento. Antecedentes familiares: tio com ' +
      'suicídio. Uso de substâncias: álcool em binge aos finais de semana. EEM: vigil, orientado, ' +
      'hipotenaxo, humor deprimido, afeto embotado, pensamento com ideação suicida persistente sem ' +
      'plano estruturado, crítica parcial. Avaliação de risco: risco de suicídio alto; fatores de ' +
      'risco: tentativa recente, sexo masculino, uso de álcool, história familiar; fatores de ' +
      'proteção: vínculo com os pais. Escalas: PHQ-9 22, Columbia positiva. HD: episódio ' +
      'depressivo grave (F32.2). Conduta: indicada internação psiquiátrica voluntária; inicio ' +
      'escitalopram 10 mg. Família orientada a retirar medicamentos e armas de casa.',
    facts: [
      ['name', 'Thiago Rocha'],
      ['age', '19 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'tentativa de suicídio há 3 dias'],
      ['historyOfPresentIllness', 'tristeza, isolamento e insônia há 4 meses'],
      ['historyOfPresentIllness', 'ingeriu 20 comprimidos de paracetamol'],
      ['psychiatricHistory', 'automutilação aos 15 anos, sem tratamento'],
      ['medicalAndFamilyHistory', 'tio com suicídio'],
      ['medicalAndFamilyHistory', 'álcool em binge aos finais de semana'],
      ['mentalStatusExam', 'hipotenaxo'],
      ['mentalStatusExam', 'afeto embotado'],
      ['mentalStatusExam', 'ideação suicida persistente sem plano estruturado'],
      ['riskAssessment', 'risco de suicídio alto'],
      ['riskAssessment', 'vínculo com os pais'],
      ['scales', 'PHQ-9 22'],
      ['scales', 'Columbia positiva'],
      ['diagnosticHypothesis', 'episódio depressivo grave (F32.2)'],
      ['plan', 'internação psiquiátrica voluntária'],
      ['plan', 'escitalopram 10 mg'],
      ['plan', 'retirar medicamentos e armas de casa'],
    ],
  },
  {
    id: 'psp-02',
    professional: 'psiquiatria_personalizado',
    style: 'speech',
    text:
      'avaliação psiquiátrica dona sônia cinquenta anos veio encaminhada pela clínica geral por ' +
      'insônia e preocupação excessiva há um ano preocupa-se com tudo com os filhos com dinheiro tem ' +
      'tensão muscular e irritabilidade já usou fluoxetina sem melhora nega uso de álcool e drogas ' +
      'ao exame vigil orientada ansiosa inquieta humor ansioso pensamento com preocupações ' +
      'excessivas sem ideação suicida gad sete dezesseis pontos risco baixo tem bom suporte ' +
      'familiar hipótese transtorno de ansiedade generalizada prescrevo escitalopram dez ' +
      'miligramas pela manhã e oriento atividade física retorno em trinta dias',
    facts: [
      ['name', 'Sônia'],
      ['age', '50 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'insônia e preocupação excessiva há um ano'],
      ['historyOfPresentIllness', 'preocupa-se com tudo com os filhos com dinheiro'],
      ['historyOfPresentIllness', 'tensão muscular e irritabilidade'],
      ['psychiatricHistory', 'já usou fluoxetina sem melhora'],
      ['medicalAndFamilyHistory', 'nega uso de álcool e drogas'],
      ['mentalStatusExam', 'ansiosa inquieta'],
      ['mentalStatusExam', 'pensamento com preocupações excessivas'],
      ['scales', 'gad sete dezesseis pontos'],
      ['riskAssessment', 'risco baixo'],
      ['riskAssessment', 'bom suporte familiar'],
      ['diagnosticHypothesis', 'transtorno de ansiedade generalizada'],
      ['plan', 'escitalopram 10 mg pela manhã'],
      ['plan', 'atividade física'],
      ['plan', 'retorno em trinta dias'],
    ],
  },
  {
    id: 'psp-03',
    professional: 'psiquiatria_personalizado',
    style: 'realtime',
    text:
      'Primeira consulta. Gabriel Souza, 22 anos, trazido pelo irmão. Há 3 meses ouve vozes que ' +
      'comentam suas ações e acredita que os vizinhos instalaram câmeras para vigiá-lo. Parou de ' +
      'trabalhar e não sai do quarto. Usa maconha diariamente desde os 16 anos. Sem tratamentos ' +
      'anteriores. Avó paterna com esquizofrenia. Ao exame, desconfiado, higiene precária, ' +
      'pensamento desagregado, delírio persecutório, alucinações auditivas, sem crítica. Nega ' +
      'ideação suicida, mas relata que pensa em se defender dos vizinhos. Risco de ' +
      'heteroagressividade moderado. PANSS positiva de 28. Primeiro episódio psicótico, ' +
      'esquizofrenia a esclarecer, F20. Inicio risperidona 1 mg à noite, aumentar para 2 mg em 1 ' +
      'semana. Solicito hemograma, glicemia, perfil lipídico e prolactina. Retorno em 7 dias com o ' +
      'irmão.',
    facts: [
      ['name', 'Gabriel Souza'],
      ['age', '22 anos'],
      ['gender', 'Masculino'],
      ['historyOfPresentIllness', 'ouve vozes que comentam suas ações'],
      ['historyOfPresentIllness', 'vizinhos instalaram câmeras para vigiá-lo'],
      ['historyOfPresentIllness', 'parou de trabalhar e não sai do quarto'],
      ['medicalAndFamilyHistory', 'maconha diariamente desde os 16 anos'],
      ['psychiatricHistory', 'sem tratamentos anteriores'],
      ['medicalAndFamilyHistory', 'avó paterna com esquizofrenia'],
      ['mentalStatusExam', 'desconfiado, higiene precária'],
      ['mentalStatusExam', 'pensamento desagregado, delírio persecutório'],
      ['riskAssessment', 'pensa em se defender dos vizinhos'],
      ['riskAssessment', 'risco de heteroagressividade moderado'],
      ['scales', 'PANSS positiva de 28'],
      ['diagnosticHypothesis', 'primeiro episódio psicótico, esquizofrenia a esclarecer'],
      ['plan', 'risperidona 1 mg à noite'],
      ['plan', 'hemograma, glicemia, perfil lipídico e prolactina'],
      ['plan', 'retorno em 7 dias com o irmão'],
    ],
  },
  {
    id: 'psi-01',
    professional: 'psicoterapia',
    style: 'typed',
    text:
      'Identificação: pessoa avaliada Ana Clara Moreira, 34 anos, sexo feminino. Solicitante: 1ª ' +
      'Vara Cível da Comarca de Santos, processo nº 1002345-67.2024. Finalidade: avaliação de dano ' +
      'psíquico. Demanda: quesito 1: a autora apresenta sequelas psicológicas decorrentes do ' +
      'acidente de trânsito? Procedimentos: duas entrevistas psicológicas, aplicação do BAI e do ' +
      'BDI-II, análise dos prontuários médicos. Histórico: relata acidente de moto em março de 2023, ' +
      'com fratura de fêmur, e desde então medo de andar de carro e pesadelos. Análise: os ' +
      'resultados indicam ansiedade em nível grave no BAI e depressão moderada no BDI-II, ' +
      'compatíveis com o relato. Conclusão: em resposta ao quesito 1, a avaliada apresenta sintomas ' +
      'de transtorno de estresse pós-traumático relacionados ao acidente.',
    facts: [
      ['name', 'Ana Clara Moreira'],
      ['age', '34 anos'],
      ['gender', 'Feminino'],
      ['identification', '1ª Vara Cível da Comarca de Santos'],
      ['identification', 'avaliação de dano psíquico'],
      ['demand', 'sequelas psicológicas decorrentes do acidente de trânsito'],
      ['procedures', 'duas entrevistas psicológicas'],
      ['procedures', 'BAI e do BDI-II'],
      ['procedures', 'análise dos prontuários médicos'],
      ['history', 'acidente de moto em março de 2023'],
      ['history', 'medo de andar de carro e pesadelos'],
      ['analysis', 'ansiedade em nível grave no BAI'],
      ['conclusion', 'transtorno de estresse pós-traumático relacionados ao acidente'],
    ],
  },
  {
    id: 'psi-02',
    professional: 'psicoterapia',
    style: 'speech',
    text:
      'laudo psicológico pericial periciando joão batista ferreira trinta e nove anos solicitado ' +
      'pela segunda vara de família da comarca de campinas a questão é se o pai tem condições ' +
      'psicológicas de exercer a guarda unilateral da filha de sete anos foram realizadas três ' +
      'entrevistas com o periciando duas com a criança e uma visita domiciliar além da aplicação do ' +
      'teste htp segundo o periciando a separação ocorreu há dois anos e desde então a filha passa ' +
      'os fins de semana com ele observa-se vínculo afetivo consistente entre pai e filha e o ' +
      'periciando demonstra conhecimento das necessidades da criança conclui-se que o periciando ' +
      'apresenta condições psicológicas para exercer a guarda',
    facts: [
      ['name', 'João Batista Ferreira'],
      ['age', '39 anos'],
      ['gender', 'Masculino'],
      ['identification', 'segunda vara de família da comarca de campinas'],
      ['demand', 'condições psicológicas de exercer a guarda unilateral da filha de sete anos'],
      ['procedures', 'três entrevistas com o periciando'],
      ['procedures', 'teste htp'],
      ['history', 'a separação ocorreu há dois anos'],
      ['history', 'passa os fins de semana com ele'],
      ['analysis', 'vínculo afetivo consistente entre pai e filha'],
      ['analysis', 'conhecimento das necessidades da criança'],
      ['conclusion', 'condições psicológicas para exercer a guarda'],
    ],
  },
  {
    id: 'psi-03',
    professional: 'psicoterapia',
    style: 'realtime',
    text:
      'Avaliação psicológica para fins de interdição, solicitada pelo Ministério Público. Avaliado: ' +
      'Sr. Alfredo Nunes, 82 anos. Quesito: o avaliado tem capacidade para gerir seus bens e atos ' +
      'da vida civil? Foram realizadas entrevista com o avaliado e com o filho, aplicação do MEEM e ' +
      'do teste do relógio. Segundo o filho, há dois anos o avaliado apresenta esquecimentos ' +
      'progressivos e fez empréstimos sem lembrar. Observa-se desorientação temporal, prejuízo de ' +
      'memória recente, MEEM de 14 pontos e desempenho muito alterado no teste do relógio. ' +
      'Conclui-se que o avaliado não apresenta, no momento, capacidade para gerir seus bens, com ' +
      'quadro compatível com síndrome demencial. A avaliação tem validade para o momento atual.',
    facts: [
      ['name', 'Alfredo Nunes'],
      ['age', '82 anos'],
      ['gender', 'Masculino'],
      ['identification', 'fins de interdição'],
      ['identification', 'Ministério Público'],
      ['demand', 'capacidade para gerir seus bens e atos da vida civil'],
      ['procedures', 'entrevista com o avaliado e com o filho'],
      ['procedures', 'MEEM e do teste do relógio'],
      ['history', 'esquecimentos progressivos'],
      ['history', 'fez empréstimos sem lembrar'],
      ['analysis', 'desorientação temporal, prejuízo de memória recente'],
      ['analysis', 'MEEM de 14 pontos'],
      ['conclusion', 'não apresenta, no momento, capacidade para gerir seus bens'],
      ['observations', 'validade para o momento atual'],
    ],
  },
];
