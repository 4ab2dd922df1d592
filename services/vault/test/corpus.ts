/**
 * pt-BR dictations and the notes made of them, each with the identifiers it holds (none may
 * survive anonymisation, in any form) and clinical content that must survive it.
 */
export interface CorpusCase {
  title: string;
  raw: string;
  formatted: string;
  edited?: string;
  /** Exact strings that must not appear in any stored text. */
  identifiers: string[];
  /** Tags expected somewhere in the scrubbed texts. */
  tags: string[];
  /** Clinical text that must still be there. */
  kept: string[];
}

export const CORPUS: CorpusCase[] = [
  {
    title: 'family medicine: labelled identification, punctuated documents, phone with DDD',
    raw:
      'Paciente Maria José da Silva Souza, 45 anos, CPF 529.982.247-25, RG 12.345.678-9, ' +
      'cartão SUS 898 0012 3456 7890. Telefone (11) 98765-4321. Email maria.souza@gmail.com. ' +
      'Mora na Rua das Flores, 123, apto 45, bairro Jardim Paulista, CEP 01310-100, São Paulo/SP. ' +
      'Data de nascimento: 03/04/1979. Refere cefaleia há 3 dias, caiu na rua há 2 dias. PA 120x80 mmHg.',
    formatted:
      'Consulta Médica\nPaciente: Maria José da Silva Souza | Idade: 45 anos | Sexo: Feminino\n\n' +
      'QUEIXA PRINCIPAL\nCefaleia há 3 dias.\n\nEXAME FÍSICO\nPA 120x80 mmHg. Maria orientada.',
    identifiers: [
      'Maria',
      'Souza',
      'José da Silva',
      '529.982.247-25',
      '52998224725',
      '12.345.678-9',
      '898 0012 3456 7890',
      '(11) 98765-4321',
      '98765-4321',
      'maria.souza@gmail.com',
      'Rua das Flores',
      'Flores, 123',
      'apto 45',
      'Jardim Paulista',
      '01310-100',
      '03/04/1979',
    ],
    tags: [
      '[NOME]',
      '[CPF]',
      '[RG]',
      '[CNS]',
      '[TELEFONE]',
      '[EMAIL]',
      '[ENDERECO]',
      '[CEP]',
      '[DATA_NASCIMENTO]',
    ],
    kept: [
      '45 anos',
      'cefaleia há 3 dias',
      'caiu na rua há 2 dias',
      'PA 120x80 mmHg',
      'São Paulo/SP',
    ],
  },
  {
    title: 'speech recognition output: lower case, bare digits, spoken e-mail, +55',
    raw:
      'nome do paciente é joão pedro albuquerque, cpf 11144477735, celular 21 99876 5432 e ' +
      'whatsapp +55 21 3456-7890, email joao.albuquerque arroba hotmail ponto com, mora na avenida ' +
      'atlântica número 1702 bloco b, cep 22021001. nascido em 12 de março de 1980. joão refere ' +
      'dor lombar há duas semanas, piora ao esforço.',
    formatted:
      'Consulta Médica\nPaciente: João Pedro Albuquerque | Idade: Não informado | Sexo: Masculino\n\n' +
      'QUEIXA PRINCIPAL\nDor lombar há duas semanas, piora ao esforço.',
    identifiers: [
      'joão pedro albuquerque',
      'João Pedro Albuquerque',
      'Albuquerque',
      'albuquerque',
      '11144477735',
      '99876 5432',
      '3456-7890',
      'joao.albuquerque',
      'hotmail',
      'atlântica número 1702',
      '22021001',
      '12 de março de 1980',
    ],
    tags: ['[NOME]', '[CPF]', '[TELEFONE]', '[EMAIL]', '[ENDERECO]', '[CEP]', '[DATA_NASCIMENTO]'],
    kept: ['dor lombar há duas semanas', 'piora ao esforço'],
  },
  {
    title: 'nursing: accents differ between note and dictation, relatives, RG with state prefix',
    raw:
      'Usuária: Conceição Aparecida Gonçalves, DN 25/12/1950, RG MG-14.325.876, CNS 700509183624538. ' +
      'Acompanhada pela filha Luciana Gonçalves, telefone 3333-4444. Endereço: Travessa São Jorge, 45, ' +
      'casa 2, Belo Horizonte - MG, CEP 30140-071. Curativo em úlcera sacral, sem sinais de infecção. ' +
      'Dona Conceicao refere dor 4/10.',
    formatted:
      'Evolução de Enfermagem\nPaciente: Conceicao Aparecida Goncalves | Idade: Não informado | Sexo: Feminino\n\n' +
      'EVOLUÇÃO\nCurativo em úlcera sacral, sem sinais de infecção. Dor 4/10.',
    identifiers: [
      'Conceição',
      'Conceicao',
      'Gonçalves',
      'Goncalves',
      'Aparecida',
      '25/12/1950',
      '14.325.876',
      '700509183624538',
      'Luciana',
      '3333-4444',
      'Travessa São Jorge',
      '30140-071',
    ],
    tags: ['[NOME]', '[DATA_NASCIMENTO]', '[RG]', '[CNS]', '[TELEFONE]', '[ENDERECO]', '[CEP]'],
    kept: ['úlcera sacral', 'sem sinais de infecção', 'dor 4/10', 'Belo Horizonte - MG'],
  },
  {
    title: 'occupational medicine: matrícula, other dates, addresses with abbreviations',
    raw:
      'Trabalhador: Ricardo Tadeu Menezes, matrícula 20231187, CPF 390 533 447 05, ' +
      'residente na Av. Brig. Faria Lima, 3477, conj. 82, CEP 04538-133. Admitido em 02/05/2019. ' +
      'Nasc. 1972. Contato: ricardo_menezes@empresa.com.br, tel. 11 3045-8800. Apto para a função, ' +
      'audiometria normal.',
    formatted:
      'Atestado de Saúde Ocupacional\nPaciente: Ricardo Tadeu Menezes | Idade: Não informado | Sexo: Masculino\n\n' +
      'CONCLUSÃO\nApto para a função. Audiometria normal.',
    edited:
      'Atestado de Saúde Ocupacional\nTrabalhador Ricardo Menezes apto para a função. Audiometria normal. ' +
      'Reavaliar em 02/05/2027.',
    identifiers: [
      'Ricardo',
      'Menezes',
      'Tadeu',
      '20231187',
      '390 533 447 05',
      'Faria Lima, 3477',
      'conj. 82',
      '04538-133',
      '02/05/2019',
      '02/05/2027',
      'Nasc. 1972',
      'ricardo_menezes@empresa.com.br',
      '3045-8800',
    ],
    tags: [
      '[NOME]',
      '[DOCUMENTO]',
      '[CPF]',
      '[ENDERECO]',
      '[CEP]',
      '[DATA]',
      '[DATA_NASCIMENTO]',
      '[EMAIL]',
      '[TELEFONE]',
    ],
    kept: ['Apto para a função', 'audiometria normal'],
  },
  {
    title: 'psychology: named by title only, Rodovia, Praça and a spoken address',
    raw:
      'Sra. Beatriz Lacerda Monteiro comparece para avaliação. Reside na Rodovia Raposo Tavares km 22, ' +
      'e trabalha na Praça da Sé, 108. Mãe: Helena Lacerda. Relata ansiedade e insônia há seis meses. ' +
      'Beatriz nega ideação suicida.',
    formatted:
      'Avaliação Psicológica\nPaciente: Beatriz Lacerda Monteiro | Idade: Não informado | Sexo: Feminino\n\n' +
      'DEMANDA\nAnsiedade e insônia há seis meses. Nega ideação suicida.',
    identifiers: ['Beatriz', 'Lacerda', 'Monteiro', 'Helena', 'Raposo Tavares', 'Praça da Sé, 108'],
    tags: ['[NOME]', '[ENDERECO]'],
    kept: ['ansiedade e insônia há seis meses', 'nega ideação suicida'],
  },
];
