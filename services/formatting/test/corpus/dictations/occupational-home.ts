/** Occupational medicine (medico_trabalho) and home visits (medico_visitador). */
import type { LabelledDictation } from '../types.js';

export const OCCUPATIONAL_AND_HOME: readonly LabelledDictation[] = [
  {
    id: 'mt-01',
    professional: 'medico_trabalho',
    style: 'typed',
    text:
      'Exame admissional. Trabalhadora: Juliana Costa Prado, 27 anos, feminino. Empresa: ' +
      'Frigorífico Boa Carne Ltda. Função: auxiliar de produção no setor de desossa, turno das 6h ' +
      'às 14h. História ocupacional: 3 anos como operadora de caixa em supermercado, sem acidentes ' +
      'de trabalho. Riscos: frio (câmara a 10 graus), ruído, movimentos repetitivos de membros ' +
      'superiores, faca. Anamnese: nega doenças prévias, nega dores em membros superiores, não ' +
      'fuma. Exame clínico: PA 110x70, FC 68, Phalen e Tinel negativos bilateralmente, coluna sem ' +
      'alterações. Exames complementares: audiometria normal. Conclusão: apta para a função. ' +
      'Recomendações: pausas conforme NR-36, uso de luvas de malha de aço e protetor auricular.',
    facts: [
      ['name', 'Juliana Costa Prado'],
      ['age', '27 anos'],
      ['gender', 'Feminino'],
      ['examType', 'admissional'],
      ['workerData', 'Frigorífico Boa Carne Ltda'],
      ['jobRole', 'auxiliar de produção no setor de desossa'],
      ['jobRole', 'turno das 6h às 14h'],
      ['occupationalHistory', '3 anos como operadora de caixa em supermercado'],
      ['riskExposure', 'frio (câmara a 10 graus)'],
      ['riskExposure', 'movimentos repetitivos de membros superiores'],
      ['clinicalHistory', 'nega doenças prévias'],
      ['clinicalHistory', 'não fuma'],
      ['clinicalExam', 'PA: 110x70 mmHg'],
      ['clinicalExam', 'Phalen e Tinel negativos bilateralmente'],
      ['complementaryExams', 'audiometria normal'],
      ['aptitude', 'apta para a função'],
      ['recommendations', 'pausas conforme NR-36'],
      ['recommendations', 'luvas de malha de aço e protetor auricular'],
    ],
  },
  {
    id: 'mt-02',
    professional: 'medico_trabalho',
    style: 'speech',
    text:
      'exame periódico trabalhador josé ribamar silva quarenta e quatro anos operador de ' +
      'empilhadeira há seis anos trabalha no armazém em turno noturno exposto a ruído e vibração de ' +
      'corpo inteiro usa protetor auricular refere dor lombar leve no fim do turno nega outras ' +
      'queixas hipertenso controlado com losartana ao exame pressão cento e trinta e dois por ' +
      'oitenta e quatro frequência setenta e oito imc trinta e um coluna com dor leve à palpação ' +
      'paravertebral lombar sem limitação audiometria com perda auditiva em seis mil hertz ' +
      'bilateral estável em relação à anterior acuidade visual normal apto para a função oriento ' +
      'exercícios de alongamento e controle de peso manter uso do protetor repetir audiometria em ' +
      'um ano',
    facts: [
      ['name', 'José Ribamar Silva'],
      ['age', '44 anos'],
      ['gender', 'Masculino'],
      ['examType', 'periódico'],
      ['jobRole', 'operador de empilhadeira'],
      ['jobRole', 'turno noturno'],
      ['riskExposure', 'ruído e vibração de corpo inteiro'],
      ['riskExposure', 'usa protetor auricular'],
      ['clinicalHistory', 'dor lombar leve no fim do turno'],
      ['clinicalHistory', 'hipertenso controlado com losartana'],
      ['clinicalExam', 'PA: 132x84 mmHg'],
      ['clinicalExam', 'FC: 78 bpm'],
      ['clinicalExam', 'IMC: 31'],
      ['clinicalExam', 'coluna com dor leve à palpação paravertebral lombar'],
      ['complementaryExams', 'perda auditiva em seis mil hertz bilateral'],
      ['complementaryExams', 'acuidade visual normal'],
      ['aptitude', 'apto para a função'],
      ['recommendations', 'exercícios de alongamento e controle de peso'],
      ['recommendations', 'repetir audiometria em um ano'],
    ],
  },
  {
    id: 'mt-03',
    professional: 'medico_trabalho',
    style: 'realtime',
    text:
      'Exame de retorno ao trabalho. Dona Sandra Oliveira, 38 anos, técnica de enfermagem do ' +
      'Hospital São Lucas, setor de UTI. Ficou afastada 45 dias por cirurgia de hérnia de disco ' +
      'lombar, com alta do neurocirurgião. Trabalha em plantões de 12 horas e faz mobilização de ' +
      'pacientes acamados, com exposição a agentes biológicos. Hoje sem dor, caminha bem. Ao ' +
      'exame, marcha normal, força preservada em membros inferiores, Lasègue negativo, cicatriz ' +
      'cirúrgica sem alterações. Ressonância pós-operatória sem recidiva. Apta com restrição: ' +
      'evitar carregar peso acima de 10 kg por 60 dias. Recomendo retorno gradual e reavaliação em ' +
      '60 dias.',
    facts: [
      ['name', 'Sandra Oliveira'],
      ['age', '38 anos'],
      ['gender', 'Feminino'],
      ['examType', 'retorno ao trabalho'],
      ['jobRole', 'técnica de enfermagem'],
      ['jobRole', 'plantões de 12 horas'],
      ['occupationalHistory', 'afastada 45 dias por cirurgia de hérnia de disco lombar'],
      ['riskExposure', 'exposição a agentes biológicos'],
      ['clinicalHistory', 'hoje sem dor, caminha bem'],
      ['clinicalExam', 'marcha normal'],
      ['clinicalExam', 'Lasègue negativo'],
      ['clinicalExam', 'cicatriz cirúrgica sem alterações'],
      ['complementaryExams', 'ressonância pós-operatória sem recidiva'],
      ['aptitude', 'apta com restrição'],
      ['aptitude', 'evitar carregar peso acima de 10 kg por 60 dias'],
      ['recommendations', 'retorno gradual e reavaliação em 60 dias'],
    ],
  },
  {
    id: 'vd-01',
    professional: 'medico_visitador',
    style: 'speech',
    text:
      'visita domiciliar de rotina dona benedita oitenta e oito anos acamada há dois anos após avc ' +
      'família refere que ela está comendo menos nesta semana e mais sonolenta em uso de enalapril ' +
      'dez miligramas duas vezes ao dia e sinvastatina vinte miligramas à noite casa limpa quarto ' +
      'arejado cama hospitalar com colchão piramidal cuidadora é a filha dona rita que está cansada ' +
      'e pede ajuda pressão cento e dez por sessenta frequência noventa saturação noventa e quatro ' +
      'temperatura trinta e sete e oito lesão por pressão sacral estágio dois com secreção avaliação ' +
      'desidratação leve e possível infecção urinária vou colher urina tipo um e urocultura oriento ' +
      'a cuidadora a oferecer líquidos de hora em hora e mudar de posição a cada duas horas próxima ' +
      'visita em três dias',
    facts: [
      ['name', 'Benedita'],
      ['age', '88 anos'],
      ['gender', 'Feminino'],
      ['visitReason', 'de rotina'],
      ['clinicalHistory', 'acamada há dois anos após avc'],
      ['clinicalHistory', 'comendo menos nesta semana e mais sonolenta'],
      ['currentMedications', 'enalapril 10 mg duas vezes ao dia'],
      ['currentMedications', 'sinvastatina 20 mg à noite'],
      ['homeConditions', 'casa limpa quarto arejado'],
      ['homeConditions', 'cama hospitalar com colchão piramidal'],
      ['caregiver', 'a filha dona rita que está cansada e pede ajuda'],
      ['physicalExam', 'PA: 110x60 mmHg'],
      ['physicalExam', 'FC: 90 bpm'],
      ['physicalExam', 'SatO2: 94%'],
      ['physicalExam', 'Tax: 37,8 °C'],
      ['physicalExam', 'lesão por pressão sacral estágio dois com secreção'],
      ['assessment', 'desidratação leve e possível infecção urinária'],
      ['plan', 'urina tipo um e urocultura'],
      ['plan', 'oferecer líquidos de hora em hora'],
      ['plan', 'mudar de posição a cada duas horas'],
      ['nextVisit', 'em três dias'],
    ],
  },
  {
    id: 'vd-02',
    professional: 'medico_visitador',
    style: 'typed',
    text:
      'Motivo da visita: alta hospitalar recente. Paciente: Sr. Geraldo Mendes, 79 anos, masculino. ' +
      'História: internado por 10 dias por pneumonia, alta há 3 dias. Refere tosse leve, sem febre. ' +
      'Medicações em uso: amoxicilina com clavulanato 875 mg 12/12h (término amanhã), furosemida ' +
      '40 mg pela manhã, AAS 100 mg. Domicílio: casa térrea, banheiro com barra de apoio, tapetes ' +
      'soltos na sala. Cuidador: esposa, 76 anos, com boa compreensão das orientações. Exame ' +
      'físico: PA 124x72, FC 82, SatO2 93% em ar ambiente, crepitações discretas em base esquerda, ' +
      'sem edema. Avaliação: pneumonia em resolução. Plano: completar antibiótico, fisioterapia ' +
      'respiratória domiciliar, retirar tapetes soltos. Próxima visita: em 7 dias.',
    facts: [
      ['name', 'Geraldo Mendes'],
      ['age', '79 anos'],
      ['gender', 'Masculino'],
      ['visitReason', 'alta hospitalar recente'],
      ['clinicalHistory', 'internado por 10 dias por pneumonia'],
      ['clinicalHistory', 'tosse leve, sem febre'],
      ['currentMedications', 'amoxicilina com clavulanato 875 mg 12/12h'],
      ['currentMedications', 'furosemida 40 mg pela manhã'],
      ['currentMedications', 'AAS 100 mg'],
      ['homeConditions', 'casa térrea'],
      ['homeConditions', 'tapetes soltos na sala'],
      ['caregiver', 'esposa, 76 anos'],
      ['physicalExam', 'PA: 124x72 mmHg'],
      ['physicalExam', 'SatO2: 93% em ar ambiente'],
      ['physicalExam', 'crepitações discretas em base esquerda'],
      ['assessment', 'pneumonia em resolução'],
      ['plan', 'completar antibiótico'],
      ['plan', 'fisioterapia respiratória domiciliar'],
      ['plan', 'retirar tapetes soltos'],
      ['nextVisit', 'em 7 dias'],
    ],
  },
  {
    id: 'vd-03',
    professional: 'medico_visitador',
    style: 'realtime',
    text:
      'Visita solicitada pela família por piora da falta de ar. Sra. Olga Bastos, 91 anos, com DPOC ' +
      'e insuficiência cardíaca. Desde a última visita, há 15 dias, vem com mais cansaço e inchaço ' +
      'nas pernas. Usa oxigênio domiciliar 2 litros por minuto, furosemida 40 mg e salbutamol ' +
      'spray. Mora em apartamento no terceiro andar sem elevador. A neta é a cuidadora principal e ' +
      'trabalha fora à tarde. Ao exame, dispneica, saturação 88% com oxigênio, frequência ' +
      'respiratória 28, edema 3+ em membros inferiores. Insuficiência cardíaca descompensada. ' +
      'Aumento furosemida para 40 mg de 12 em 12 horas. Se não melhorar em 24 horas, encaminhar ao ' +
      'pronto-socorro. Nova visita em 2 dias.',
    facts: [
      ['name', 'Olga Bastos'],
      ['age', '91 anos'],
      ['gender', 'Feminino'],
      ['visitReason', 'piora da falta de ar'],
      ['clinicalHistory', 'DPOC e insuficiência cardíaca'],
      ['clinicalHistory', 'mais cansaço e inchaço nas pernas'],
      ['currentMedications', 'oxigênio domiciliar 2 litros por minuto'],
      ['currentMedications', 'salbutamol spray'],
      ['homeConditions', 'apartamento no terceiro andar sem elevador'],
      ['caregiver', 'a neta é a cuidadora principal'],
      ['physicalExam', 'dispneica'],
      ['physicalExam', 'SatO2: 88%'],
      ['physicalExam', 'FR: 28 irpm'],
      ['physicalExam', 'edema 3+ em membros inferiores'],
      ['assessment', 'insuficiência cardíaca descompensada'],
      ['plan', 'furosemida para 40 mg de 12 em 12 horas'],
      ['plan', 'encaminhar ao pronto-socorro'],
      ['nextVisit', 'em 2 dias'],
    ],
  },
];
