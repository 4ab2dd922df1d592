/** Medical consultation (consulta_medica) and specialty outpatient clinic (medico_ambulatorio). */
import type { LabelledDictation } from '../types.js';

export const MEDICAL: readonly LabelledDictation[] = [
  {
    id: 'cm-01',
    professional: 'consulta_medica',
    style: 'speech',
    text:
      'paciente roberto almeida cinquenta e oito anos veio porque está com dor no peito quando ' +
      'caminha há umas três semanas melhora quando para de andar nega dor em repouso é hipertenso ' +
      'e diabético toma losartana cinquenta miligramas de doze em doze horas e metformina ' +
      'oitocentos e cinquenta miligramas duas vezes ao dia pai morreu de infarto aos sessenta anos ' +
      'ao exame bom estado geral pressão cento e cinquenta por noventa frequência oitenta e dois ' +
      'ritmo cardíaco regular em dois tempos sem sopros pulmões limpos penso em angina estável vou ' +
      'pedir teste ergométrico e perfil lipídico e vou prescrever aas cem miligramas uma vez ao dia ' +
      'retorno com os exames',
    facts: [
      ['name', 'Roberto Almeida'],
      ['age', '58 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'dor no peito quando caminha há umas três semanas'],
      ['historyOfPresentIllness', 'melhora quando para de andar'],
      ['historyOfPresentIllness', 'nega dor em repouso'],
      ['pastHistory', 'hipertenso e diabético'],
      ['medicationsInUse', 'losartana 50 mg de 12 em 12 horas'],
      ['medicationsInUse', 'metformina 850 mg duas vezes ao dia'],
      ['pastHistory', 'pai morreu de infarto aos sessenta anos'],
      ['physicalExam', 'bom estado geral'],
      ['physicalExam', 'PA: 150x90 mmHg'],
      ['physicalExam', 'FC: 82 bpm'],
      ['physicalExam', 'ritmo cardíaco regular em dois tempos sem sopros'],
      ['physicalExam', 'pulmões limpos'],
      ['diagnosticHypothesis', 'angina estável'],
      ['plan', 'teste ergométrico e perfil lipídico'],
      ['plan', 'AAS 100 mg uma vez ao dia'],
      ['plan', 'retorno com os exames'],
    ],
  },
  {
    id: 'cm-02',
    professional: 'consulta_medica',
    style: 'typed',
    text: [
      'Paciente: Lúcia Helena Martins, 71 anos, feminino.',
      'QP: tontura há 5 dias.',
      'HDA: tontura rotatória ao virar a cabeça na cama, com duração de segundos, acompanhada de ' +
        'náuseas. Nega perda auditiva, zumbido ou queda.',
      'Antecedentes: HAS em uso de anlodipino 5 mg/dia. Osteoporose. Alergia a sulfa.',
      'Exame físico: BEG, PA 130x80 mmHg, FC 76 bpm. Dix-Hallpike positivo à direita com ' +
        'nistagmo rotatório. Sem déficits neurológicos focais.',
      'HD: vertigem posicional paroxística benigna.',
      'Conduta: manobra de Epley realizada no consultório. Betaistina 16 mg de 8/8h por 10 dias. ' +
        'Orientada a levantar devagar. Retorno em 15 dias.',
    ].join('\n'),
    facts: [
      ['name', 'Lúcia Helena Martins'],
      ['age', '71 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'tontura há 5 dias'],
      ['historyOfPresentIllness', 'tontura rotatória ao virar a cabeça na cama'],
      ['historyOfPresentIllness', 'nega perda auditiva, zumbido ou queda'],
      ['pastHistory', 'HAS'],
      ['medicationsInUse', 'anlodipino 5 mg/dia'],
      ['pastHistory', 'osteoporose'],
      ['pastHistory', 'alergia a sulfa'],
      ['physicalExam', 'PA: 130x80 mmHg'],
      ['physicalExam', 'Dix-Hallpike positivo à direita'],
      ['physicalExam', 'sem déficits neurológicos focais'],
      ['diagnosticHypothesis', 'vertigem posicional paroxística benigna'],
      ['plan', 'manobra de Epley realizada no consultório'],
      ['plan', 'betaistina 16 mg'],
      ['plan', 'orientada a levantar devagar'],
      ['plan', 'retorno em 15 dias'],
    ],
  },
  {
    id: 'cm-03',
    professional: 'consulta_medica',
    style: 'realtime',
    text: [
      'Falante 1:',
      'Dona Cecília, 45 anos, refere tosse produtiva há dez dias, com catarro amarelado, e febre ' +
        'de 38 graus nos últimos três dias. Nega falta de ar. É tabagista, 20 maços-ano.',
      'Falante 2:',
      'Temperatura 38,2, saturação 95%, frequência respiratória 22.',
      'Falante 1:',
      'No exame, estertores crepitantes em base direita. Raio X de tórax de hoje com consolidação ' +
        'em lobo inferior direito. Penso em pneumonia adquirida na comunidade. Vou prescrever ' +
        'amoxicilina com clavulanato 875 mg de 12 em 12 horas por 7 dias. Retorno em 48 horas para ' +
        'reavaliação.',
    ].join('\n'),
    facts: [
      ['name', 'Cecília'],
      ['age', '45 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'tosse produtiva há dez dias'],
      ['historyOfPresentIllness', 'catarro amarelado'],
      ['historyOfPresentIllness', 'febre de 38 graus nos últimos três dias'],
      ['historyOfPresentIllness', 'nega falta de ar'],
      ['pastHistory', 'tabagista, 20 maços-ano'],
      ['physicalExam', 'Tax: 38,2 °C'],
      ['physicalExam', 'SatO2: 95%'],
      ['physicalExam', 'FR: 22 irpm'],
      ['physicalExam', 'estertores crepitantes em base direita'],
      ['complementaryExams', 'consolidação em lobo inferior direito'],
      ['diagnosticHypothesis', 'pneumonia adquirida na comunidade'],
      ['plan', 'amoxicilina com clavulanato 875 mg de 12 em 12 horas por 7 dias'],
      ['plan', 'retorno em 48 horas'],
    ],
  },
  {
    id: 'cm-04',
    professional: 'consulta_medica',
    style: 'speech',
    text:
      'pedro henrique seis anos trazido pela mãe com febre há dois dias e dor de garganta não está ' +
      'comendo direito nega tosse vacinação em dia sem alergias ao exame regular estado geral ' +
      'temperatura trinta e oito e meio orofaringe com hiperemia e exsudato em amígdalas ' +
      'linfonodos cervicais dolorosos hipótese amigdalite bacteriana prescrevo amoxicilina ' +
      'quinhentos miligramas de oito em oito horas por dez dias dipirona se febre retorno se não ' +
      'melhorar em quarenta e oito horas',
    facts: [
      ['name', 'Pedro Henrique'],
      ['age', '6 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'febre há dois dias e dor de garganta'],
      ['historyOfPresentIllness', 'não está comendo direito'],
      ['historyOfPresentIllness', 'nega tosse'],
      ['pastHistory', 'vacinação em dia'],
      ['pastHistory', 'sem alergias'],
      ['physicalExam', 'regular estado geral'],
      ['physicalExam', 'Tax: 38,5 °C'],
      ['physicalExam', 'orofaringe com hiperemia e exsudato em amígdalas'],
      ['physicalExam', 'linfonodos cervicais dolorosos'],
      ['diagnosticHypothesis', 'amigdalite bacteriana'],
      ['plan', 'amoxicilina 500 mg de 8 em 8 horas por 10 dias'],
      ['plan', 'dipirona se febre'],
      ['plan', 'retorno se não melhorar em 48 horas'],
    ],
  },
  {
    id: 'cm-05',
    professional: 'consulta_medica',
    style: 'typed',
    text:
      'Homem de 34 anos, motoboy, refere insônia há três meses, com dificuldade para iniciar o sono ' +
      'e despertares noturnos. Relata estresse no trabalho. Nega uso de medicações. PA 120 por 80, ' +
      'FC 70. Exame físico sem alterações. Impressão: insônia relacionada a estresse e consumo de ' +
      'cafeína. Oriento higiene do sono e suspensão do energético após as 14h. Solicito TSH. ' +
      'Retorno em 30 dias.',
    facts: [
      ['age', '34 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'insônia há três meses'],
      ['historyOfPresentIllness', 'dificuldade para iniciar o sono e despertares noturnos'],
      ['historyOfPresentIllness', 'estresse no trabalho'],
      ['pastHistory', 'nega uso de medicações'],
      ['physicalExam', 'PA: 120x80 mmHg'],
      ['physicalExam', 'FC: 70 bpm'],
      ['physicalExam', 'sem alterações'],
      ['diagnosticHypothesis', 'insônia relacionada a estresse e consumo de cafeína'],
      ['plan', 'higiene do sono'],
      ['plan', 'suspensão do energético após as 14h'],
      ['plan', 'TSH'],
      ['plan', 'retorno em 30 dias'],
    ],
  },
  {
    id: 'amb-01',
    professional: 'medico_ambulatorio',
    style: 'typed',
    text: [
      'Retorno. Paciente Sérgio Tavares, 63 anos, masculino, DM2 há 12 anos.',
      'Queixa: vem mostrar exames.',
      'Desde a última consulta refere boa adesão à dieta, sem hipoglicemias. Parou a caminhada por ' +
        'dor no joelho.',
      'Em uso de metformina 850 mg 2x/dia e gliclazida 60 mg pela manhã.',
      'Exames de 10/03: HbA1c 8,4%, glicemia de jejum 162, creatinina 1,1, microalbuminúria 45.',
      'Exame físico: PA 138x86, peso 91 kg, altura 1,74 m. Pés com sensibilidade protetora ' +
        'preservada.',
      'HD: DM2 descompensado; nefropatia diabética incipiente.',
      'Conduta: associo empagliflozina 10 mg pela manhã. Iniciar enalapril 10 mg 12/12h. Encaminho ' +
        'à fisioterapia para o joelho.',
      'Retorno em 3 meses com nova HbA1c.',
    ].join('\n'),
    facts: [
      ['name', 'Sérgio Tavares'],
      ['age', '63 anos'],
      ['gender', 'Masculino'],
      ['pastHistory', 'DM2 há 12 anos'],
      ['chiefComplaint', 'vem mostrar exames'],
      ['historyOfPresentIllness', 'boa adesão à dieta, sem hipoglicemias'],
      ['historyOfPresentIllness', 'parou a caminhada por dor no joelho'],
      ['medicationsInUse', 'metformina 850 mg 2x/dia'],
      ['medicationsInUse', 'gliclazida 60 mg pela manhã'],
      ['complementaryExams', 'HbA1c 8,4%'],
      ['complementaryExams', 'glicemia de jejum 162'],
      ['complementaryExams', 'creatinina 1,1'],
      ['complementaryExams', 'microalbuminúria 45'],
      ['physicalExam', 'PA: 138x86 mmHg'],
      ['physicalExam', 'Peso: 91 kg'],
      ['physicalExam', 'sensibilidade protetora preservada'],
      ['diagnosticHypothesis', 'DM2 descompensado'],
      ['diagnosticHypothesis', 'nefropatia diabética incipiente'],
      ['plan', 'empagliflozina 10 mg pela manhã'],
      ['plan', 'enalapril 10 mg 12/12h'],
      ['plan', 'fisioterapia para o joelho'],
      ['followUp', 'retorno em 3 meses com nova HbA1c'],
    ],
  },
  {
    id: 'amb-02',
    professional: 'medico_ambulatorio',
    style: 'speech',
    text:
      'retorno ambulatório de cardiologia paciente josé carlos nunes setenta e dois anos com ' +
      'insuficiência cardíaca refere que melhorou da falta de ar consegue andar dois quarteirões ' +
      'sem cansar ainda tem inchaço nas pernas no fim do dia está tomando carvedilol vinte e cinco ' +
      'miligramas duas vezes ao dia furosemida quarenta miligramas pela manhã e espironolactona ' +
      'vinte e cinco miligramas trouxe ecocardiograma com fração de ejeção de trinta e cinco por ' +
      'cento ao exame pressão cento e dez por setenta frequência cardíaca sessenta e quatro edema ' +
      'mais um em quatro em membros inferiores estertores em bases ausentes impressão insuficiência ' +
      'cardíaca com fração de ejeção reduzida compensada classe funcional dois conduta aumento a ' +
      'furosemida para quarenta miligramas duas vezes ao dia solicito potássio e creatinina retorno ' +
      'em dois meses',
    facts: [
      ['name', 'José Carlos Nunes'],
      ['age', '72 anos'],
      ['historyOfPresentIllness', 'melhorou da falta de ar'],
      ['historyOfPresentIllness', 'consegue andar dois quarteirões sem cansar'],
      ['historyOfPresentIllness', 'inchaço nas pernas no fim do dia'],
      ['medicationsInUse', 'carvedilol 25 mg duas vezes ao dia'],
      ['medicationsInUse', 'furosemida 40 mg pela manhã'],
      ['medicationsInUse', 'espironolactona 25 mg'],
      ['complementaryExams', 'fração de ejeção de 35'],
      ['physicalExam', 'PA: 110x70 mmHg'],
      ['physicalExam', 'FC: 64 bpm'],
      ['physicalExam', 'edema mais um em quatro em membros inferiores'],
      ['physicalExam', 'estertores em bases ausentes'],
      ['diagnosticHypothesis', 'insuficiência cardíaca com fração de ejeção reduzida compensada'],
      ['plan', '40 mg duas vezes ao dia'],
      ['plan', 'potássio e creatinina'],
      ['followUp', 'retorno em dois meses'],
    ],
  },
  {
    id: 'amb-03',
    professional: 'medico_ambulatorio',
    style: 'realtime',
    text:
      'Retorno de reumatologia. Dona Marta Ribeiro, 56 anos, artrite reumatoide há 8 anos. Refere ' +
      'rigidez matinal de uma hora e dor nas mãos há um mês, após reduzir a prednisona por conta ' +
      'própria. Usa metotrexato 20 mg por semana e ácido fólico 5 mg por semana. Exames de ' +
      'fevereiro: PCR 24, VHS 48, hemograma normal, TGO e TGP normais. Ao exame, sinovite em ' +
      'segunda e terceira metacarpofalangeanas bilateralmente, punhos com edema. Artrite ' +
      'reumatoide em atividade moderada. Vou associar leflunomida 20 mg por dia e prednisona 5 mg ' +
      'por 30 dias. Peço hemograma e transaminases em 30 dias. Retorno em 6 semanas.',
    facts: [
      ['name', 'Marta Ribeiro'],
      ['age', '56 anos'],
      ['gender', 'Feminino'],
      ['chiefComplaint', 'rigidez matinal de uma hora e dor nas mãos há um mês'],
      ['historyOfPresentIllness', 'após reduzir a prednisona por conta própria'],
      ['medicationsInUse', 'metotrexato 20 mg por semana'],
      ['medicationsInUse', 'ácido fólico 5 mg por semana'],
      ['complementaryExams', 'PCR 24, VHS 48'],
      ['complementaryExams', 'TGO e TGP normais'],
      ['physicalExam', 'sinovite em segunda e terceira metacarpofalangeanas'],
      ['physicalExam', 'punhos com edema'],
      ['diagnosticHypothesis', 'artrite reumatoide em atividade moderada'],
      ['plan', 'leflunomida 20 mg por dia'],
      ['plan', 'prednisona 5 mg por 30 dias'],
      ['plan', 'hemograma e transaminases em 30 dias'],
      ['followUp', 'retorno em 6 semanas'],
    ],
  },
  {
    id: 'amb-04',
    professional: 'medico_ambulatorio',
    style: 'typed',
    text:
      'Paciente Antônio Ferreira Lima, 49 anos. Encaminhado pela UBS por dispepsia. Queixa ' +
      'principal: queimação no estômago há 6 meses. Piora com café e à noite, melhora parcial com ' +
      'omeprazol. Perdeu 2 kg no período. Nega disfagia, vômitos ou melena. Etilista social, ' +
      'ex-tabagista. Endoscopia de janeiro: gastrite enantematosa moderada de antro, pesquisa de ' +
      'H. pylori positiva. Abdome flácido, indolor, sem massas. Diagnóstico: gastrite por H. ' +
      'pylori. Prescrevo amoxicilina 1 g 12/12h, claritromicina 500 mg 12/12h e omeprazol 20 mg ' +
      '12/12h por 14 dias. Controle de cura com teste respiratório após 30 dias do fim do ' +
      'tratamento. Retorno em 2 meses.',
    facts: [
      ['name', 'Antônio Ferreira Lima'],
      ['age', '49 anos'],
      ['gender', 'Masculino'],
      ['chiefComplaint', 'queimação no estômago há 6 meses'],
      ['historyOfPresentIllness', 'piora com café e à noite'],
      ['historyOfPresentIllness', 'melhora parcial com omeprazol'],
      ['historyOfPresentIllness', 'perdeu 2 kg no período'],
      ['historyOfPresentIllness', 'nega disfagia, vômitos ou melena'],
      ['pastHistory', 'etilista social, ex-tabagista'],
      ['complementaryExams', 'gastrite enantematosa moderada de antro'],
      ['complementaryExams', 'pesquisa de H. pylori positiva'],
      ['physicalExam', 'abdome flácido, indolor, sem massas'],
      ['diagnosticHypothesis', 'gastrite por H. pylori'],
      ['plan', 'amoxicilina 1 g 12/12h'],
      ['plan', 'claritromicina 500 mg 12/12h'],
      ['plan', 'omeprazol 20 mg 12/12h por 14 dias'],
      ['plan', 'teste respiratório'],
      ['followUp', 'retorno em 2 meses'],
    ],
  },
];
