/** Family medicine: SOAP (medico_familia) and the extended record (medico_familia_personalizado). */
import type { LabelledDictation } from '../types.js';

export const FAMILY: readonly LabelledDictation[] = [
  {
    id: 'mf-01',
    professional: 'medico_familia',
    style: 'speech',
    text:
      'dona tereza sessenta e sete anos veio para renovar receita da pressão e mostrar exames diz ' +
      'que está bem às vezes tem dor de cabeça de manhã toma hidroclorotiazida vinte e cinco ' +
      'miligramas e losartana cinquenta miligramas não faz atividade física mora sozinha desde que ' +
      'ficou viúva pressão cento e sessenta por cem na primeira medida e cento e cinquenta e dois ' +
      'por noventa e seis na segunda peso setenta e oito quilos colesterol total duzentos e quarenta ' +
      'ldl cento e sessenta hipertensão arterial não controlada e dislipidemia vou aumentar a ' +
      'losartana para cinquenta miligramas de doze em doze horas começar sinvastatina vinte ' +
      'miligramas à noite oriento caminhada trinta minutos por dia e reduzir o sal retorno em um mês ' +
      'para ver a pressão',
    facts: [
      ['name', 'Tereza'],
      ['age', '67 anos'],
      ['gender', 'Feminino'],
      ['reasonForEncounter', 'renovar receita da pressão e mostrar exames'],
      ['subjective', 'às vezes tem dor de cabeça de manhã'],
      ['medicationsInUse', 'hidroclorotiazida 25 mg'],
      ['subjective', 'não faz atividade física'],
      ['subjective', 'mora sozinha desde que ficou viúva'],
      ['objective', '160x100'],
      ['objective', '152x96'],
      ['objective', 'Peso: 78 kg'],
      ['objective', 'colesterol total 240'],
      ['objective', 'LDL 160'],
      ['assessment', 'hipertensão arterial não controlada e dislipidemia'],
      ['plan', 'losartana para 50 mg de 12 em 12 horas'],
      ['plan', 'sinvastatina 20 mg à noite'],
      ['plan', 'caminhada 30 minutos por dia'],
      ['plan', 'reduzir o sal'],
      ['plan', 'retorno em um mês'],
    ],
  },
  {
    id: 'mf-02',
    professional: 'medico_familia',
    style: 'typed',
    text: [
      'S: Carla, 29 anos, refere ardência ao urinar e urgência miccional há 2 dias. Nega febre e ' +
        'dor lombar. DUM há 15 dias, usa anticoncepcional oral.',
      'O: BEG, afebril, Giordano negativo, dor leve à palpação suprapúbica. Fita urinária com ' +
        'leucócitos e nitrito positivos.',
      'A: Cistite aguda não complicada.',
      'P: Fosfomicina 3 g dose única. Aumentar ingestão hídrica. Retornar se febre ou dor lombar.',
    ].join('\n'),
    facts: [
      ['name', 'Carla'],
      ['age', '29 anos'],
      ['subjective', 'ardência ao urinar e urgência miccional há 2 dias'],
      ['subjective', 'nega febre e dor lombar'],
      ['subjective', 'usa anticoncepcional oral'],
      ['objective', 'Giordano negativo'],
      ['objective', 'dor leve à palpação suprapúbica'],
      ['objective', 'fita urinária com leucócitos e nitrito positivos'],
      ['assessment', 'cistite aguda não complicada'],
      ['plan', 'fosfomicina 3 g dose única'],
      ['plan', 'aumentar ingestão hídrica'],
      ['plan', 'retornar se febre ou dor lombar'],
    ],
  },
  {
    id: 'mf-03',
    professional: 'medico_familia',
    style: 'realtime',
    text:
      'Consulta de puericultura. Laura, 8 meses, trazida pela mãe para acompanhamento. Mãe refere ' +
      'que a criança está mamando no peito e já come papinha de legumes e frutas. Sono tranquilo. ' +
      'Vacinas em dia, falta a de 9 meses. Peso 8,2 kg, comprimento 69 cm. Desenvolvimento ' +
      'adequado, senta sem apoio e balbucia. Fontanela anterior normotensa. Criança saudável com ' +
      'crescimento adequado. Oriento introdução da carne e ovos, manter aleitamento, suplementação ' +
      'de ferro 1 mg/kg/dia. Vacina de febre amarela aos 9 meses. Retorno com 1 ano.',
    facts: [
      ['name', 'Laura'],
      ['age', '8 meses'],
      ['gender', 'Feminino'],
      ['reasonForEncounter', 'puericultura'],
      ['subjective', 'mamando no peito'],
      ['subjective', 'papinha de legumes e frutas'],
      ['subjective', 'sono tranquilo'],
      ['objective', 'Peso: 8,2 kg'],
      ['objective', 'comprimento 69 cm'],
      ['objective', 'senta sem apoio e balbucia'],
      ['objective', 'fontanela anterior normotensa'],
      ['assessment', 'criança saudável com crescimento adequado'],
      ['plan', 'introdução da carne e ovos'],
      ['plan', 'manter aleitamento'],
      ['plan', 'suplementação de ferro'],
      ['plan', 'retorno com 1 ano'],
    ],
  },
  {
    id: 'mf-04',
    professional: 'medico_familia',
    style: 'typed',
    text:
      'Sr. Valdir Souza, 52 anos, motorista. Vem por cansaço e desânimo há 2 meses, desde que ' +
      'perdeu o emprego. Dorme mal, perdeu o apetite. Nega ideação suicida. Bebe 3 latas de cerveja ' +
      'por dia. PA 128x82, FC 74. Lúcido, orientado, humor deprimido, sem alterações do ' +
      'pensamento. PHQ-9 de 14. Episódio depressivo moderado. Uso nocivo de álcool. Inicio ' +
      'fluoxetina 20 mg pela manhã. Encaminho ao CAPS AD e à psicologia do NASF. Retorno em 2 ' +
      'semanas.',
    facts: [
      ['name', 'Valdir Souza'],
      ['age', '52 anos'],
      ['gender', 'Masculino'],
      ['reasonForEncounter', 'cansaço e desânimo há 2 meses'],
      ['subjective', 'desde que perdeu o emprego'],
      ['subjective', 'dorme mal, perdeu o apetite'],
      ['subjective', 'nega ideação suicida'],
      ['subjective', '3 latas de cerveja por dia'],
      ['objective', 'PA: 128x82 mmHg'],
      ['objective', 'humor deprimido'],
      ['objective', 'PHQ-9 de 14'],
      ['assessment', 'episódio depressivo moderado'],
      ['assessment', 'uso nocivo de álcool'],
      ['plan', 'fluoxetina 20 mg pela manhã'],
      ['plan', 'CAPS AD'],
      ['plan', 'retorno em 2 semanas'],
    ],
  },
  {
    id: 'mfp-01',
    professional: 'medico_familia_personalizado',
    style: 'speech',
    text:
      'seu antônio setenta e cinco anos veio com a filha porque está esquecendo as coisas há um ano ' +
      'a filha conta que ele se perdeu voltando da padaria semana passada e repete as mesmas ' +
      'perguntas é hipertenso usa anlodipino cinco miligramas mora com a esposa que também é idosa ' +
      'a filha mora perto e ajuda nas compras pressão cento e trinta por oitenta mini mental dezoito ' +
      'pontos sem déficit focal penso em síndrome demencial provável doença de alzheimer vou pedir ' +
      'hemograma tsh vitamina b doze e tomografia de crânio oriento a família sobre segurança em ' +
      'casa vacina da gripe e pneumocócica em dia retorno em um mês com os exames',
    facts: [
      ['name', 'Antônio'],
      ['age', '75 anos'],
      ['gender', 'Masculino'],
      ['reasonForEncounter', 'esquecendo as coisas há um ano'],
      ['subjective', 'se perdeu voltando da padaria semana passada'],
      ['subjective', 'repete as mesmas perguntas'],
      ['medicationsInUse', 'anlodipino 5 mg'],
      ['lifeContext', 'mora com a esposa que também é idosa'],
      ['lifeContext', 'a filha mora perto e ajuda nas compras'],
      ['objective', 'PA: 130x80 mmHg'],
      ['objective', 'mini mental 18 pontos'],
      ['objective', 'sem déficit focal'],
      ['assessment', 'síndrome demencial provável doença de alzheimer'],
      ['plan', 'hemograma tsh vitamina b doze e tomografia de crânio'],
      ['plan', 'segurança em casa'],
      ['preventiveCare', 'vacina da gripe e pneumocócica em dia'],
      ['plan', 'retorno em um mês com os exames'],
    ],
  },
  {
    id: 'mfp-02',
    professional: 'medico_familia_personalizado',
    style: 'typed',
    text: [
      'Motivo da consulta: pré-natal, 1ª consulta.',
      'Subjetivo: Fernanda Alves, 24 anos, G1P0, DUM 02/01, IG 10 semanas. Náuseas matinais, sem ' +
        'sangramento. Gravidez planejada.',
      'Contexto familiar: mora com o companheiro, que trabalha como pedreiro; a mãe mora no mesmo ' +
        'bairro e dá apoio.',
      'Objetivo: PA 110x70, peso 62 kg, altura 1,60 m. BCF não audível ao sonar (idade gestacional ' +
        'precoce).',
      'Avaliação: gestação de baixo risco, 10 semanas.',
      'Plano: ácido fólico 5 mg/dia, solicito exames do primeiro trimestre e USG obstétrica.',
      'Prevenção: vacina dTpa a partir de 20 semanas, influenza na campanha, citopatológico em dia.',
    ].join('\n'),
    facts: [
      ['name', 'Fernanda Alves'],
      ['age', '24 anos'],
      ['reasonForEncounter', 'pré-natal'],
      ['subjective', 'G1P0'],
      ['subjective', 'náuseas matinais, sem sangramento'],
      ['subjective', 'gravidez planejada'],
      ['lifeContext', 'mora com o companheiro'],
      ['lifeContext', 'a mãe mora no mesmo bairro e dá apoio'],
      ['objective', 'PA: 110x70 mmHg'],
      ['objective', 'Peso: 62 kg'],
      ['objective', 'BCF não audível ao sonar'],
      ['assessment', 'gestação de baixo risco'],
      ['plan', 'ácido fólico 5 mg/dia'],
      ['plan', 'exames do primeiro trimestre e USG obstétrica'],
      ['preventiveCare', 'vacina dTpa a partir de 20 semanas'],
      ['preventiveCare', 'citopatológico em dia'],
    ],
  },
  {
    id: 'mfp-03',
    professional: 'medico_familia_personalizado',
    style: 'realtime',
    text:
      'Marcos, 41 anos, pedreiro, veio por dor lombar há três semanas depois de carregar sacos de ' +
      'cimento. A dor irradia para a perna esquerda até o pé. Mora com a esposa e três filhos, é o ' +
      'único que trabalha e está preocupado em ser afastado. Ao exame, Lasègue positivo à ' +
      'esquerda, força preservada, reflexos normais. Lombociatalgia à esquerda sem sinais de ' +
      'alarme. Vou prescrever ibuprofeno 600 mg de 8 em 8 horas por 5 dias e ciclobenzaprina 5 mg ' +
      'à noite. Atestado de 5 dias. Oriento alongamento e calor local. Rastreamento de diabetes e ' +
      'colesterol pendentes, vou solicitar glicemia e perfil lipídico.',
    facts: [
      ['name', 'Marcos'],
      ['age', '41 anos'],
      ['reasonForEncounter', 'dor lombar há três semanas'],
      ['subjective', 'depois de carregar sacos de cimento'],
      ['subjective', 'irradia para a perna esquerda até o pé'],
      ['lifeContext', 'mora com a esposa e três filhos'],
      ['lifeContext', 'é o único que trabalha'],
      ['objective', 'Lasègue positivo à esquerda'],
      ['objective', 'força preservada, reflexos normais'],
      ['assessment', 'lombociatalgia à esquerda sem sinais de alarme'],
      ['plan', 'ibuprofeno 600 mg de 8 em 8 horas por 5 dias'],
      ['plan', 'ciclobenzaprina 5 mg à noite'],
      ['plan', 'atestado de 5 dias'],
      ['plan', 'alongamento e calor local'],
      ['preventiveCare', 'rastreamento de diabetes e colesterol pendentes'],
    ],
  },
];
