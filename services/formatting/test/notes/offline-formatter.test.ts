import { NOT_INFORMED, PROFESSIONALS } from '@pv/contracts';
import { describe, expect, it } from 'vitest';
import { SPECIALTY_PROFILES } from '../../src/notes/index.js';
import { formatCorpus, section } from './helpers.js';

describe('offline formatter: one dictation per professional value', () => {
  it('consulta_medica: classic anamnesis, age in words, normalised vital signs, one dose per line', () => {
    const note = formatCorpus('consulta_medica');
    expect(note.title).toBe('Consulta Médica');
    expect(note.patientData).toEqual({
      name: 'João Carlos Pereira',
      age: '45 anos',
      gender: 'Masculino',
    });
    expect(section(note, 'chiefComplaint')).toBe('Dor de cabeça há três dias.');
    expect(section(note, 'historyOfPresentIllness')).toBe(
      'Refere cefaleia frontal pulsátil, de forte intensidade, que piora com a luz e melhora com ' +
        'repouso em ambiente escuro, associada a náuseas, sem vômitos. Nega febre.',
    );
    // Medications in use are not the plan: they have a heading of their own (issue 28).
    expect(section(note, 'pastHistory')).toBe('Hipertenso há dez anos. Nega alergias.');
    expect(section(note, 'medicationsInUse')).toBe('- Losartana 50 mg uma vez ao dia');
    expect(note.record?.medicationsInUse.map((m) => m.text)).toEqual([
      'Losartana 50 mg uma vez ao dia',
    ]);
    expect(section(note, 'physicalExam')).toBe(
      [
        'PA: 140x90 mmHg',
        'FC: 88 bpm',
        'FR: 16 irpm',
        'Tax: 36,7 °C',
        'SatO2: 98%',
        'Bom estado geral, corado, hidratado. Sem sinais meníngeos, exame neurológico sem déficits focais.',
      ].join('\n'),
    );
    expect(section(note, 'complementaryExams')).toBe(NOT_INFORMED);
    expect(section(note, 'diagnosticHypothesis')).toBe('Enxaqueca sem aura.');
    expect(section(note, 'plan')).toBe(
      [
        '- Dipirona 1 g de 6 em 6 horas se dor por 3 dias',
        '- Metoclopramida 10 mg de 8 em 8 horas se náusea',
        'Oriento diário da cefaleia. Retorno em 30 dias.',
      ].join('\n'),
    );
    expect(section(note, 'observations')).toBe(NOT_INFORMED);
    // Common fields through the profile's mapping.
    expect(note.chiefComplaint).toBe('Dor de cabeça há três dias.');
    expect(note.historyOfPresentIllness).toBe(
      `História da Doença Atual: ${section(note, 'historyOfPresentIllness')}\n` +
        `Antecedentes Pessoais e Familiares: ${section(note, 'pastHistory')}\n` +
        `Medicações em Uso: ${section(note, 'medicationsInUse')}`,
    );
    expect(note.physicalExam).toBe(section(note, 'physicalExam'));
    expect(note.diagnosticHypothesis).toBe('Enxaqueca sem aura.');
    expect(note.treatment).toBe(section(note, 'plan'));
    expect(note.observations).toBe(NOT_INFORMED);
  });

  it('medico_familia: SOAP, IMC computed from weight and height', () => {
    const note = formatCorpus('medico_familia');
    expect(note.patientData).toEqual({
      name: 'Maria Aparecida Souza',
      age: '62 anos',
      gender: 'Feminino',
    });
    expect(section(note, 'reasonForEncounter')).toBe('Acompanhamento de diabetes e hipertensão.');
    expect(section(note, 'subjective')).toBe(
      'Refere boa adesão aos medicamentos, mas dieta irregular nas festas de fim de ano. Nega ' +
        'poliúria e polidipsia. Mora com o marido e uma neta.',
    );
    expect(section(note, 'objective')).toBe(
      [
        'PA: 130x80 mmHg',
        'FC: 76 bpm',
        'Peso: 78 kg',
        'Altura: 1,58 m',
        'IMC: 31,2 kg/m²',
        'Pés sem lesões, pulsos pediosos presentes.',
      ].join('\n'),
    );
    expect(section(note, 'assessment')).toBe(
      'Diabetes mellitus tipo 2 com controle glicêmico insatisfatório, hipertensão controlada.',
    );
    expect(section(note, 'plan')).toBe(
      '- Aumento metformina 850 mg para duas vezes ao dia\n' +
        'Solicito hemoglobina glicada e perfil lipídico. Retorno em três meses.',
    );
    expect(note.chiefComplaint).toBe('Acompanhamento de diabetes e hipertensão.');
  });

  it('medico_familia_personalizado: family context and preventive care sections', () => {
    const note = formatCorpus('medico_familia_personalizado');
    expect(section(note, 'reasonForEncounter')).toBe('Queixa: dor lombar há duas semanas.');
    expect(section(note, 'lifeContext')).toBe(
      'Casado, dois filhos pequenos, é o único provedor da casa.',
    );
    expect(section(note, 'objective')).toBe(
      'PA: 120x80 mmHg\nMarcha normal, Lasègue negativo bilateralmente, dor à palpação da ' +
        'musculatura paravertebral.',
    );
    expect(section(note, 'plan')).toBe(
      '- Ibuprofeno 600 mg de 8 em 8 horas por 5 dias\nCalor local, manter atividades leves.',
    );
    expect(section(note, 'preventiveCare')).toBe(
      'Prevenção: vacina contra tétano atualizada, rastreamento de dislipidemia pendente.',
    );
    expect(note.treatment).toBe(
      `Plano (P): ${section(note, 'plan')}\nAções Preventivas e Rastreamentos: ${section(note, 'preventiveCare')}`,
    );
  });

  it('medico_ambulatorio: exams, adjusted dose and follow-up', () => {
    const note = formatCorpus('medico_ambulatorio');
    expect(section(note, 'complementaryExams')).toBe('TSH de 9,8 e T4 livre de 0,7, de outubro.');
    expect(section(note, 'physicalExam')).toBe(
      'PA: 120x80 mmHg\nFC: 62 bpm\nPeso: 71 kg\nTireoide não palpável.',
    );
    expect(section(note, 'plan')).toBe(
      '- Ajusto levotiroxina 75 mcg em jejum, 30 minutos antes do café',
    );
    expect(section(note, 'followUp')).toBe('Retorno em 6 semanas com novo TSH.');
    expect(section(note, 'pastHistory')).toBe(NOT_INFORMED);
  });

  it('medico_trabalho: worker data, risks and the NR-7 aptitude conclusion in their sections', () => {
    const note = formatCorpus('medico_trabalho');
    expect(note.title).toBe('Atestado de Saúde Ocupacional — Avaliação Clínica');
    expect(note.patientData).toEqual({
      name: 'Carlos Alberto Ferreira',
      age: '41 anos',
      gender: 'Masculino',
    });
    expect(section(note, 'workerData')).toBe(
      'Trabalhador Carlos Alberto Ferreira, 41 anos, sexo masculino, empresa Metalúrgica Horizonte.',
    );
    expect(section(note, 'examType')).toBe('Exame periódico.');
    expect(section(note, 'jobRole')).toBe(
      'Soldador no setor de caldeiraria, jornada de 44 horas semanais em turno diurno.',
    );
    expect(section(note, 'occupationalHistory')).toBe(
      'Trabalhou oito anos como serralheiro, sem acidentes de trabalho.',
    );
    expect(section(note, 'riskExposure')).toBe(
      'Ruído contínuo, fumos metálicos e radiação não ionizante, além de risco ergonômico por ' +
        'postura em pé. Usa protetor auricular, máscara e máscara de solda.',
    );
    expect(section(note, 'clinicalHistory')).toBe(
      'Nega queixas auditivas e respiratórias. Tabagismo negado.',
    );
    expect(section(note, 'clinicalExam')).toBe(
      'PA: 120x80 mmHg\nFC: 72 bpm\nBom estado geral, otoscopia sem alterações, ausculta pulmonar normal.',
    );
    expect(section(note, 'complementaryExams')).toBe(
      'Audiometria sem perda auditiva induzida por ruído, espirometria normal.',
    );
    expect(section(note, 'aptitude')).toBe('Apto para a função.');
    expect(section(note, 'recommendations')).toBe(
      'Manter uso de EPI e repetir audiometria em doze meses.',
    );
    expect(note.chiefComplaint).toBe('Exame periódico.');
    expect(note.diagnosticHypothesis).toBe('Apto para a função.');
  });

  it('medico_visitador: home conditions, caregiver, medications in use one per line', () => {
    const note = formatCorpus('medico_visitador');
    expect(note.patientData).toEqual({
      name: 'Benedita Alves',
      age: '84 anos',
      gender: 'Feminino',
    });
    expect(section(note, 'currentMedications')).toBe(
      '- AAS 100 mg ao dia\n- Sinvastatina 20 mg à noite',
    );
    expect(section(note, 'homeConditions')).toBe(
      'Casa de alvenaria, quarto ventilado, colchão pneumático, banheiro sem barras de apoio.',
    );
    expect(section(note, 'caregiver')).toBe(
      'Cuidadora: filha Rosa, cuidadora em tempo integral, refere cansaço.',
    );
    expect(section(note, 'physicalExam')).toBe(
      'PA: 110x70 mmHg\nFC: 80 bpm\nSatO2: 95%\nLesão por pressão sacral estágio 2 com bom aspecto.',
    );
    expect(section(note, 'nextVisit')).toBe('Próxima visita em 15 dias.');
    expect(note.observations).toBe(
      `Condições do Domicílio: ${section(note, 'homeConditions')}\n` +
        `Cuidador e Rede de Apoio: ${section(note, 'caregiver')}\n` +
        `Próxima Visita: ${section(note, 'nextVisit')}`,
    );
  });

  it('enfermeira: the five stages of the Nursing Process', () => {
    const note = formatCorpus('enfermeira');
    expect(section(note, 'assessment')).toBe(
      [
        'PA: 130x80 mmHg',
        'FC: 92 bpm',
        'FR: 20 irpm',
        'Tax: 37,2 °C',
        'SatO2: 94%',
        'Paciente Josefa Ramos, 70 anos, feminino, segundo dia de pós-operatório de ' +
          'colecistectomia. Consciente, orientada, refere dor em incisão cirúrgica de intensidade ' +
          '6. Ferida operatória limpa, sem sinais flogísticos, deambula com auxílio.',
      ].join('\n'),
    );
    expect(section(note, 'nursingDiagnoses')).toBe(
      'Dor aguda relacionada a agente lesivo físico. Risco de queda.',
    );
    expect(section(note, 'planning')).toBe('Controle da dor abaixo de 3, deambulação segura.');
    expect(section(note, 'implementation')).toBe(
      '- Administrada dipirona 1 g endovenosa conforme prescrição\n' +
        'Realizado curativo com soro fisiológico, orientada quanto ao uso da campainha.',
    );
    expect(section(note, 'evaluation')).toBe(
      'Após uma hora refere dor de intensidade 2, deambulou acompanhada sem intercorrências.',
    );
    expect(note.chiefComplaint).toBe(NOT_INFORMED);
    expect(note.diagnosticHypothesis).toBe(section(note, 'nursingDiagnoses'));
  });

  it('tecnico_enfermagem: vital signs, procedures and incidents; missing age', () => {
    const note = formatCorpus('tecnico_enfermagem');
    // 'Encontra-se acordado': the sex is said by the words about the patient (issue 13).
    expect(note.patientData).toEqual({
      name: 'Sebastião Moura',
      age: NOT_INFORMED,
      gender: 'Masculino',
    });
    expect(section(note, 'vitalSigns')).toBe(
      [
        'PA: 120x80 mmHg',
        'FC: 78 bpm',
        'FR: 18 irpm',
        'Tax: 36,5 °C',
        'SatO2: 97%',
        'Glicemia capilar: 142 mg/dL',
      ].join('\n'),
    );
    expect(section(note, 'procedures')).toBe(
      'Realizado banho no leito e mudança de decúbito às 14 horas.\n' +
        '- Administrado omeprazol 40 mg endovenoso às 8 horas conforme prescrição',
    );
    expect(section(note, 'intakeOutput')).toBe(
      'Dieta: aceitou toda a dieta oferecida, diurese presente, evacuação ausente.',
    );
    expect(section(note, 'incidents')).toBe(
      'Às 16 horas apresentou vômito, comunicado ao enfermeiro de plantão.',
    );
    expect(note.text).toContain(
      'Paciente: Sebastião Moura | Idade: Não informado | Sexo: Masculino',
    );
  });

  it('nutricionista: anthropometry with IMC, 24-hour recall, diagnosis and diet plan', () => {
    const note = formatCorpus('nutricionista');
    expect(section(note, 'anthropometry')).toBe(
      'Peso: 82 kg\nAltura: 1,65 m\nIMC: 30,1 kg/m²\nCircunferência da cintura 94 cm.',
    );
    expect(section(note, 'dietaryHistory')).toBe(
      'Café da manhã com pão francês com margarina e café com açúcar. Almoço com arroz, feijão, ' +
        'bife frito e refrigerante. Lanche com salgado assado. Jantar com pizza. Ingestão hídrica ' +
        'de um litro por dia.',
    );
    expect(section(note, 'nutritionalDiagnosis')).toBe(
      'Obesidade grau 1 com consumo elevado de ultraprocessados.',
    );
    expect(section(note, 'dietPlan')).toBe(
      'Plano alimentar de 1600 kcal fracionado em 5 refeições, substituir refrigerante por água, ' +
        'aumentar a ingestão de frutas e verduras.',
    );
    expect(section(note, 'labs')).toBe(NOT_INFORMED);
  });

  it('assistente_social: social report, identification filled from the patient data', () => {
    const note = formatCorpus('assistente_social');
    expect(note.title).toBe('Relatório Social');
    expect(section(note, 'identification')).toBe(
      'Nome: Luciana Pereira dos Santos. Idade: 34 anos. Sexo: Feminino.',
    );
    expect(section(note, 'familyComposition')).toBe(
      'Reside com três filhos de 4, 9 e 12 anos. O pai das crianças não contribui com a pensão.',
    );
    expect(section(note, 'socioeconomic')).toBe(
      'Desempregada há dois meses, renda familiar de 600 reais do Bolsa Família, ensino médio completo.',
    );
    expect(section(note, 'housing')).toBe('Casa alugada de dois cômodos, sem saneamento básico.');
    expect(section(note, 'supportNetwork')).toBe(
      'Conta com a mãe, que cuida das crianças, e frequenta o CRAS.',
    );
    expect(section(note, 'analysis')).toBe(
      'Observa-se situação de vulnerabilidade social agravada pela perda da renda do trabalho.',
    );
    expect(section(note, 'opinion')).toBe(
      'Encaminho ao CRAS para atualização do CadÚnico e ao SINE para recolocação profissional, ' +
        'oriento sobre a ação de alimentos na Defensoria Pública.',
    );
    expect(note.physicalExam).toBe(NOT_INFORMED);
  });

  it('psiquiatria: mental status exam and the ICD-10 hypothesis', () => {
    const note = formatCorpus('psiquiatria');
    expect(section(note, 'chiefComplaint')).toBe('Tristeza e desânimo há dois meses.');
    expect(section(note, 'psychiatricHistory')).toBe(
      'Episódio depressivo aos 25 anos tratado com sertralina, com boa resposta.',
    );
    expect(section(note, 'mentalStatusExam')).toBe(
      'Vigil, orientado, cuidado com a aparência preservado, atenção e memória preservadas, ' +
        'pensamento de curso lentificado, sem alterações de forma, conteúdo com ideias de culpa, ' +
        'sem alterações da sensopercepção, humor deprimido, afeto congruente, juízo crítico preservado.',
    );
    expect(section(note, 'diagnosticHypothesis')).toBe('Episódio depressivo moderado, F32.1.');
    expect(section(note, 'plan')).toBe(
      '- Sertralina 50 mg pela manhã\nEncaminho para psicoterapia. Retorno em 4 semanas.',
    );
    expect(section(note, 'medicalAndFamilyHistory')).toBe(NOT_INFORMED);
  });

  it('psiquiatria_personalizado: risk assessment keeps its own sub-labels', () => {
    const note = formatCorpus('psiquiatria_personalizado');
    expect(section(note, 'historyOfPresentIllness')).toBe(
      'Há seis meses apresenta crises súbitas com taquicardia, falta de ar, tremores e medo de ' +
        'morrer, cerca de duas vezes por semana, e passou a evitar sair de casa sozinha.',
    );
    expect(section(note, 'riskAssessment')).toBe(
      'Nega ideação suicida e heteroagressividade. Fatores de proteção: apoio familiar e religiosidade.',
    );
    expect(section(note, 'scales')).toBe('GAD-7 com 15 pontos.');
    expect(section(note, 'diagnosticHypothesis')).toBe('Transtorno de pânico, F41.0.');
    expect(section(note, 'plan')).toBe(
      '- Escitalopram 10 mg pela manhã\nTerapia cognitivo-comportamental.',
    );
  });

  it('psicoterapia: forensic report, the forensic question feeds the chief complaint', () => {
    const note = formatCorpus('psicoterapia');
    expect(note.patientData).toEqual({
      name: 'Marcos Vinícius Teixeira',
      age: '42 anos',
      gender: 'Masculino',
    });
    expect(section(note, 'identification')).toBe(
      'Pessoa avaliada: Marcos Vinícius Teixeira, 42 anos, sexo masculino. Solicitante: 2ª Vara ' +
        'de Família da Comarca de Campinas.',
    );
    expect(section(note, 'demand')).toBe(
      'Trata-se de avaliação psicológica pericial em processo de disputa de guarda. Se o ' +
        'periciando apresenta condições psicológicas para exercer a guarda compartilhada do filho.',
    );
    expect(section(note, 'procedures')).toBe(
      'Foram realizadas três entrevistas semiestruturadas, observação da interação pai e filho e ' +
        'aplicado o teste HTP.',
    );
    expect(section(note, 'conclusion')).toBe(
      'O periciando apresenta condições psicológicas para o exercício da guarda compartilhada.',
    );
    expect(note.chiefComplaint).toBe(section(note, 'demand'));
    expect(note.treatment).toBe(NOT_INFORMED);
  });

  it('prescricao_hospitalar: diet, one medication per line, nursing care', () => {
    const note = formatCorpus('prescricao_hospitalar');
    expect(section(note, 'diet')).toBe('Dieta oral branda.');
    expect(section(note, 'medications')).toBe(
      [
        '- Ceftriaxona 1 g endovenosa de 12 em 12 horas por 7 dias',
        '- Azitromicina 500 mg via oral uma vez ao dia por 5 dias',
        '- Dipirona 1 g endovenosa de 6 em 6 horas se febre',
        '- Enoxaparina 40 mg subcutânea uma vez ao dia',
      ].join('\n'),
    );
    // 'saturação abaixo de 92%' is a threshold, not a measurement; 'de 4 em 4 horas' a schedule.
    expect(section(note, 'nursingCare')).toBe(
      'Sinais vitais de 4 em 4 horas, cabeceira elevada a 30 graus, oxigênio se saturação abaixo de 92%.',
    );
  });

  it('prescricao_ambulatorial: indication, medications, instructions and return', () => {
    const note = formatCorpus('prescricao_ambulatorial');
    expect(section(note, 'clinicalSummary')).toBe('Diagnóstico: infecção urinária não complicada.');
    expect(section(note, 'medications')).toBe(
      '- Nitrofurantoína 100 mg via oral de 6 em 6 horas por 5 dias\n' +
        '- Fenazopiridina 200 mg de 8 em 8 horas por 2 dias',
    );
    expect(section(note, 'instructions')).toBe(
      'Aumentar a ingestão de água e retornar se febre ou dor lombar.',
    );
    expect(section(note, 'returnVisit')).toBe('Retorno em 7 dias se persistirem os sintomas.');
  });

  it('prescricao_controlada: quantity and regimen on the medication line, prescription type', () => {
    const note = formatCorpus('prescricao_controlada');
    expect(section(note, 'medications')).toBe(
      '- Clonazepam 2 mg, 30 comprimidos, tomar 1 comprimido à noite por 30 dias',
    );
    // 'Receita azul' does not name the section, so the dictated words stay.
    expect(section(note, 'dispensing')).toBe('Receita azul, notificação de receita B.');
    expect(section(note, 'instructions')).toBe(
      'Não dirigir, não ingerir bebida alcoólica e não interromper o uso sem orientação médica.',
    );
  });

  it.each(PROFESSIONALS)('%s: a full note with every section and the rendered text', (p) => {
    const note = formatCorpus(p);
    const profile = SPECIALTY_PROFILES[p];
    expect(note.professional).toBe(p);
    expect(note.title).toBe(profile.title);
    expect(note.sections.map((s) => s.heading)).toEqual(profile.sections.map((s) => s.heading));
    for (const s of note.sections) expect(s.content.trim()).not.toBe('');
    expect(note.text.split('\n')[0]).toBe(profile.title);
    expect(note.patientData.name).not.toBe(NOT_INFORMED);
  });
});
