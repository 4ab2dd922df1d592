/**
 * Dictations written for these tests, one per professional value and a few with several
 * patients, in the way a clinician dictates them: spoken cues ('queixa principal', 'ao exame',
 * 'conduta'), vital signs said out loud, some numbers in words, doses with their regimen.
 * The benchmark reuses their sentences. All names and data are fictitious.
 */
import type { Professional } from '@pv/contracts';

export interface CorpusEntry {
  professional: Professional;
  text: string;
  additionalContext?: string;
}

export const CORPUS: Readonly<Record<Professional, CorpusEntry>> = {
  consulta_medica: {
    professional: 'consulta_medica',
    text:
      'Paciente João Carlos Pereira, quarenta e cinco anos, sexo masculino. ' +
      'Queixa principal: dor de cabeça há três dias. ' +
      'História: refere cefaleia frontal pulsátil, de forte intensidade, que piora com a luz e melhora ' +
      'com repouso em ambiente escuro, associada a náuseas, sem vômitos. Nega febre. ' +
      'Antecedentes: hipertenso há dez anos, faz uso de losartana 50 mg uma vez ao dia. Nega alergias. ' +
      'Ao exame: bom estado geral, corado, hidratado, PA 14 por 9, FC 88 bpm, FR 16, temperatura 36,7, ' +
      'saturação 98%. Sem sinais meníngeos, exame neurológico sem déficits focais. ' +
      'Hipótese diagnóstica: enxaqueca sem aura. ' +
      'Conduta: prescrevo dipirona 1 g de 6 em 6 horas se dor por 3 dias e metoclopramida 10 mg de 8 em 8 horas ' +
      'se náusea, oriento diário da cefaleia. Retorno em 30 dias.',
  },
  medico_familia: {
    professional: 'medico_familia',
    text:
      'Sra. Maria Aparecida Souza, 62 anos. Motivo da consulta: acompanhamento de diabetes e hipertensão. ' +
      'Subjetivo: refere boa adesão aos medicamentos, mas dieta irregular nas festas de fim de ano. ' +
      'Nega poliúria e polidipsia. Mora com o marido e uma neta. ' +
      'Objetivo: PA 130x80, FC 76, peso 78 kg, altura 1,58 m. Pés sem lesões, pulsos pediosos presentes. ' +
      'Avaliação: diabetes mellitus tipo 2 com controle glicêmico insatisfatório, hipertensão controlada. ' +
      'Plano: aumento metformina 850 mg para duas vezes ao dia, solicito hemoglobina glicada e ' +
      'perfil lipídico. Retorno em três meses.',
  },
  medico_familia_personalizado: {
    professional: 'medico_familia_personalizado',
    text:
      'Paciente Ricardo Gomes, 38 anos, masculino. Queixa: dor lombar há duas semanas. ' +
      'Subjetivo: dor em faixa na região lombar após carregar peso no trabalho, sem irradiação, ' +
      'piora ao se levantar. Preocupa-se em perder o emprego. ' +
      'Contexto familiar: casado, dois filhos pequenos, é o único provedor da casa. ' +
      'Objetivo: PA 120x80, marcha normal, Lasègue negativo bilateralmente, dor à palpação da musculatura paravertebral. ' +
      'Avaliação: lombalgia mecânica aguda sem sinais de alarme. ' +
      'Plano: ibuprofeno 600 mg de 8 em 8 horas por 5 dias, calor local, manter atividades leves. ' +
      'Prevenção: vacina contra tétano atualizada, rastreamento de dislipidemia pendente.',
  },
  medico_ambulatorio: {
    professional: 'medico_ambulatorio',
    text:
      'Paciente Ana Beatriz Lima, 54 anos, feminino, retorno no ambulatório de endocrinologia. ' +
      'Queixa principal: cansaço e ganho de peso. ' +
      'História da doença atual: desde a última consulta mantém cansaço, intolerância ao frio e ' +
      'constipação, em uso irregular da levotiroxina. ' +
      'Exames complementares: TSH de 9,8 e T4 livre de 0,7, de outubro. ' +
      'Exame físico: PA 12 por 8, FC 62, peso 71 kg, tireoide não palpável. ' +
      'Hipóteses diagnósticas: hipotireoidismo primário descompensado por má adesão. ' +
      'Conduta: ajusto levotiroxina 75 mcg em jejum, 30 minutos antes do café. ' +
      'Retorno em 6 semanas com novo TSH.',
  },
  medico_trabalho: {
    professional: 'medico_trabalho',
    text:
      'Trabalhador Carlos Alberto Ferreira, 41 anos, sexo masculino, empresa Metalúrgica Horizonte. ' +
      'Exame periódico. ' +
      'Função: soldador no setor de caldeiraria, jornada de 44 horas semanais em turno diurno. ' +
      'História ocupacional: trabalhou oito anos como serralheiro, sem acidentes de trabalho. ' +
      'Exposição a riscos: ruído contínuo, fumos metálicos e radiação não ionizante, ' +
      'além de risco ergonômico por postura em pé. Usa protetor auricular, máscara e máscara de solda. ' +
      'Anamnese: nega queixas auditivas e respiratórias. Tabagismo negado. ' +
      'Exame clínico: PA 12 por 8, FC 72, bom estado geral, otoscopia sem alterações, ausculta pulmonar normal. ' +
      'Exames complementares: audiometria sem perda auditiva induzida por ruído, espirometria normal. ' +
      'Conclusão: apto para a função. ' +
      'Recomendações: manter uso de EPI e repetir audiometria em doze meses.',
  },
  medico_visitador: {
    professional: 'medico_visitador',
    text:
      'Visita domiciliar a Dona Benedita Alves, 84 anos, acamada após AVC. ' +
      'Evolução: desde a última visita aceita melhor a dieta, sem febre, apresentou um episódio de engasgo. ' +
      'Medicações em uso: AAS 100 mg ao dia e sinvastatina 20 mg à noite. ' +
      'Condições do domicílio: casa de alvenaria, quarto ventilado, colchão pneumático, banheiro sem barras de apoio. ' +
      'Cuidadora: filha Rosa, cuidadora em tempo integral, refere cansaço. ' +
      'Ao exame: PA 110x70, FC 80, SatO2 95%, lesão por pressão sacral estágio 2 com bom aspecto. ' +
      'Avaliação: sequela de AVC com disfagia leve e lesão por pressão em cicatrização. ' +
      'Plano: oriento dieta pastosa e cabeceira elevada, encaminho para fonoaudiologia. ' +
      'Próxima visita em 15 dias.',
  },
  enfermeira: {
    professional: 'enfermeira',
    text:
      'Paciente Josefa Ramos, 70 anos, feminino, segundo dia de pós-operatório de colecistectomia. ' +
      'Avaliação de enfermagem: consciente, orientada, refere dor em incisão cirúrgica de intensidade 6. ' +
      'PA 13 por 8, FC 92, FR 20, temperatura 37,2, saturação 94%. ' +
      'Ferida operatória limpa, sem sinais flogísticos, deambula com auxílio. ' +
      'Diagnósticos de enfermagem: dor aguda relacionada a agente lesivo físico; risco de queda. ' +
      'Planejamento: controle da dor abaixo de 3, deambulação segura. ' +
      'Implementação: administrada dipirona 1 g endovenosa conforme prescrição, realizado curativo com ' +
      'soro fisiológico, orientada quanto ao uso da campainha. ' +
      'Evolução: após uma hora refere dor de intensidade 2, deambulou acompanhada sem intercorrências.',
  },
  tecnico_enfermagem: {
    professional: 'tecnico_enfermagem',
    text:
      'Paciente Sebastião Moura, leito 12. Encontra-se acordado, calmo, em ar ambiente. ' +
      'Sinais vitais: PA 120 por 80, FC 78, FR 18, Tax 36,5, saturação 97%, glicemia capilar 142. ' +
      'Realizado banho no leito e mudança de decúbito às 14 horas. ' +
      'Administrado omeprazol 40 mg endovenoso às 8 horas conforme prescrição. ' +
      'Dieta: aceitou toda a dieta oferecida, diurese presente, evacuação ausente. ' +
      'Intercorrências: às 16 horas apresentou vômito, comunicado ao enfermeiro de plantão.',
  },
  nutricionista: {
    professional: 'nutricionista',
    text:
      'Paciente Fernanda Costa, 29 anos, sexo feminino. ' +
      'Motivo da consulta: deseja emagrecer e melhorar a disposição. ' +
      'Antecedentes: nega comorbidades, sedentária, hábito intestinal a cada dois dias. ' +
      'Avaliação antropométrica: peso 82 kg, altura 1,65 m, circunferência da cintura 94 cm. ' +
      'Recordatório de 24 horas: café da manhã com pão francês com margarina e café com açúcar; ' +
      'almoço com arroz, feijão, bife frito e refrigerante; lanche com salgado assado; jantar com pizza. ' +
      'Ingestão hídrica de um litro por dia. ' +
      'Diagnóstico nutricional: obesidade grau 1 com consumo elevado de ultraprocessados. ' +
      'Conduta: plano alimentar de 1600 kcal fracionado em 5 refeições, substituir refrigerante por água, ' +
      'aumentar a ingestão de frutas e verduras. Retorno em 30 dias.',
  },
  assistente_social: {
    professional: 'assistente_social',
    text:
      'Atendimento à usuária Luciana Pereira dos Santos, 34 anos, encaminhada pela UBS do bairro. ' +
      'Demanda: orientação sobre benefícios após perda do emprego. ' +
      'Composição familiar: reside com três filhos de 4, 9 e 12 anos; o pai das crianças não contribui com a pensão. ' +
      'Situação socioeconômica: desempregada há dois meses, renda familiar de 600 reais do Bolsa Família, ' +
      'ensino médio completo. ' +
      'Habitação: casa alugada de dois cômodos, sem saneamento básico. ' +
      'Rede de apoio: conta com a mãe, que cuida das crianças, e frequenta o CRAS. ' +
      'Análise: observa-se situação de vulnerabilidade social agravada pela perda da renda do trabalho. ' +
      'Parecer: encaminho ao CRAS para atualização do CadÚnico e ao SINE para recolocação profissional, ' +
      'oriento sobre a ação de alimentos na Defensoria Pública.',
  },
  psiquiatria: {
    professional: 'psiquiatria',
    text:
      'Paciente Paulo Henrique Duarte, 35 anos, masculino. ' +
      'Queixa principal: tristeza e desânimo há dois meses. ' +
      'História da doença atual: após separação conjugal passou a apresentar humor deprimido, perda de interesse ' +
      'pelas atividades, insônia terminal e perda de apetite, com prejuízo no trabalho. Nega ideação suicida. ' +
      'Antecedentes psiquiátricos: episódio depressivo aos 25 anos tratado com sertralina, com boa resposta. ' +
      'Exame do estado mental: vigil, orientado, cuidado com a aparência preservado, atenção e memória preservadas, ' +
      'pensamento de curso lentificado, sem alterações de forma, conteúdo com ideias de culpa, ' +
      'sem alterações da sensopercepção, humor deprimido, afeto congruente, juízo crítico preservado. ' +
      'Hipótese diagnóstica: episódio depressivo moderado, F32.1. ' +
      'Conduta: sertralina 50 mg pela manhã, encaminho para psicoterapia. Retorno em 4 semanas.',
  },
  psiquiatria_personalizado: {
    professional: 'psiquiatria_personalizado',
    text:
      'Paciente Camila Rocha, 27 anos, feminino. Queixa principal: crises de ansiedade. ' +
      'História: há seis meses apresenta crises súbitas com taquicardia, falta de ar, tremores e medo de morrer, ' +
      'cerca de duas vezes por semana, e passou a evitar sair de casa sozinha. ' +
      'Exame psíquico: vigil, orientada, ansiosa, pensamento sem alterações de forma, humor ansioso. ' +
      'Avaliação de risco: nega ideação suicida e heteroagressividade; fatores de proteção: apoio familiar e religiosidade. ' +
      'Escalas: GAD-7 com 15 pontos. ' +
      'Hipótese diagnóstica: transtorno de pânico, F41.0. ' +
      'Conduta: escitalopram 10 mg pela manhã e terapia cognitivo-comportamental.',
  },
  psicoterapia: {
    professional: 'psicoterapia',
    text:
      'Trata-se de avaliação psicológica pericial em processo de disputa de guarda. ' +
      'Pessoa avaliada: Marcos Vinícius Teixeira, 42 anos, sexo masculino. ' +
      'Solicitante: 2ª Vara de Família da Comarca de Campinas. ' +
      'Quesitos: se o periciando apresenta condições psicológicas para exercer a guarda compartilhada do filho. ' +
      'Procedimentos: foram realizadas três entrevistas semiestruturadas, observação da interação pai e filho ' +
      'e aplicado o teste HTP. ' +
      'Histórico: divorciado há dois anos, mantém convivência quinzenal com o filho de oito anos. ' +
      'Análise: observa-se vínculo afetivo consistente, com capacidade de colocar limites e de reconhecer ' +
      'as necessidades da criança. ' +
      'Conclusão: o periciando apresenta condições psicológicas para o exercício da guarda compartilhada.',
  },
  prescricao_hospitalar: {
    professional: 'prescricao_hospitalar',
    text:
      'Paciente Antônio Brito, 67 anos, internado por pneumonia comunitária. ' +
      'Dieta: dieta oral branda. ' +
      'Prescrição: ceftriaxona 1 g endovenosa de 12 em 12 horas por 7 dias, ' +
      'azitromicina 500 mg via oral uma vez ao dia por 5 dias, dipirona 1 g endovenosa de 6 em 6 horas se febre ' +
      'e enoxaparina 40 mg subcutânea uma vez ao dia. ' +
      'Cuidados: sinais vitais de 4 em 4 horas, cabeceira elevada a 30 graus, oxigênio se saturação abaixo de 92%.',
  },
  prescricao_ambulatorial: {
    professional: 'prescricao_ambulatorial',
    text:
      'Paciente Luana Martins, 24 anos. Diagnóstico: infecção urinária não complicada. ' +
      'Prescrevo nitrofurantoína 100 mg via oral de 6 em 6 horas por 5 dias e fenazopiridina 200 mg ' +
      'de 8 em 8 horas por 2 dias. ' +
      'Orientações: aumentar a ingestão de água e retornar se febre ou dor lombar. ' +
      'Retorno em 7 dias se persistirem os sintomas.',
  },
  prescricao_controlada: {
    professional: 'prescricao_controlada',
    text:
      'Paciente Roberto Nunes, 51 anos. Indicação: transtorno de ansiedade com insônia. ' +
      'Prescrevo clonazepam 2 mg, 30 comprimidos, tomar 1 comprimido à noite por 30 dias. ' +
      'Receita azul, notificação de receita B. ' +
      'Orientações: não dirigir, não ingerir bebida alcoólica e não interromper o uso sem orientação médica.',
  },
};

/** Three patients in one session, 'Novo Paciente' pressed before each. */
export const MULTI_PATIENT_ROUNDS =
  '[Paciente 1] Paciente Joana Prado, 72 anos. Queixa principal: falta de ar. ' +
  'Ao exame: FR 24, saturação 91%. Hipótese diagnóstica: insuficiência cardíaca descompensada. ' +
  'Conduta: furosemida 40 mg endovenosa de 12 em 12 horas. ' +
  '[Paciente 2] Paciente Severino Lopes, oitenta e um anos. Queixa principal: confusão mental desde ontem. ' +
  'Ao exame: temperatura 38,4, PA 10 por 6. Hipótese diagnóstica: infecção do trato urinário com delirium. ' +
  'Conduta: ceftriaxona 1 g endovenosa uma vez ao dia. ' +
  '[Paciente 3] Paciente Otávio Reis, 45 anos. Queixa principal: dor abdominal em cólica. ' +
  'Hipótese diagnóstica: cólica renal. Conduta: escopolamina 20 mg endovenosa se dor.';

/** Markers out of order and a patient who comes back: gathered by number, in number order. */
export const MULTI_PATIENT_INTERLEAVED =
  '[Paciente 2] Paciente Bruno Dias, 30 anos. Queixa principal: tosse seca. ' +
  '[Paciente 1] Paciente Clara Neves, 22 anos. Queixa principal: dor de garganta. ' +
  '[Paciente 2] Hipótese diagnóstica: resfriado comum.';

/** Two nursing patients dictated in a ward round. */
export const MULTI_PATIENT_NURSING =
  '[Paciente 1] Paciente Irene Campos, leito 3. Sinais vitais: PA 110 por 70, FC 84. ' +
  'Realizado curativo em acesso venoso. Intercorrências: sem intercorrências. ' +
  '[Paciente 2] Paciente Osvaldo Prates, leito 4. Sinais vitais: PA 150 por 95, FC 102, glicemia capilar 250. ' +
  'Intercorrências: apresentou agitação às 2 horas, comunicado ao médico plantonista.';

/**
 * The first patient dictated before pressing 'Novo Paciente': the workspace then inserts
 * '[Paciente 1]' in front of the second patient (it numbers markers, not patients). Each patient
 * has facts of their own (a drug, a finding, a diagnosis) that must stay in their note.
 */
export const MULTI_PATIENT_FIRST_UNMARKED =
  'Dona Lúcia Prado, 71 anos, refere tontura rotatória há três dias ao virar na cama. ' +
  'Ao exame: nistagmo horizontal à direita. Hipótese diagnóstica: vertigem posicional paroxística benigna. ' +
  'Conduta: betaistina 16 mg de 8 em 8 horas.\n' +
  '[Paciente 1]\n' +
  'Paciente Roberto Almeida, 58 anos, refere dor precordial aos esforços há duas semanas. ' +
  'Ao exame: PA 150 por 90, sopro sistólico em foco aórtico. Hipótese diagnóstica: angina estável. ' +
  'Conduta: AAS 100 mg uma vez ao dia.\n' +
  '[Paciente 2]\n' +
  'Paciente Carla Mendes, 29 anos, refere disúria há dois dias. ' +
  'Ao exame: dor à palpação suprapúbica. Hipótese diagnóstica: cistite aguda. ' +
  'Conduta: fosfomicina 3 g dose única.';

/** Psychiatric dictation for the diagnostic analysis: a depressive episode. */
export const DEPRESSION_DICTATION =
  'Paciente refere tristeza na maior parte do dia há três meses, com perda de interesse pelas coisas que ' +
  'gostava, cansaço, insônia, acordando de madrugada, e perda de apetite com emagrecimento. ' +
  'Diz sentir-se culpada pelo divórcio. Nega ideação suicida. Nega alucinações e nega uso de álcool.';

/** Not psychiatric at all. */
export const UNRELATED_DICTATION =
  'Paciente com entorse de tornozelo direito ao descer escada ontem, dor e edema local, sem outras queixas. ' +
  'Ao exame, edema em maléolo lateral, sem crepitação. Conduta: gelo, elevação e imobilização.';
