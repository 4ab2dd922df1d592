/** Nutrition (nutricionista) and social work (assistente_social). */
import type { LabelledDictation } from '../types.js';

export const NUTRITION_AND_SOCIAL: readonly LabelledDictation[] = [
  {
    id: 'nut-01',
    professional: 'nutricionista',
    style: 'typed',
    text:
      'Motivo: perda de peso, encaminhada pela endocrinologista. Paciente: Renata Soares, 38 anos, ' +
      'feminino. História clínica: hipotireoidismo em uso de levotiroxina 50 mcg, sedentária, ' +
      'intestino preso. Antropometria: peso 84 kg, altura 1,62 m, circunferência da cintura 98 cm. ' +
      'Recordatório 24h: café da manhã com pão com manteiga e café com leite; almoço com arroz, ' +
      'feijão, frango frito e refrigerante; lanche com bolacha recheada; jantar com lanche de ' +
      'padaria. Ingestão hídrica de 800 ml por dia. Exames: glicemia de jejum 108, colesterol total ' +
      '230, triglicerídeos 190. Diagnóstico nutricional: obesidade grau 1 com alto consumo de ' +
      'ultraprocessados. Conduta: plano alimentar de 1500 kcal, 5 refeições por dia, trocar ' +
      'refrigerante por água, incluir salada no almoço e jantar. Meta: perder 4 kg em 2 meses. ' +
      'Retorno em 30 dias.',
    facts: [
      ['name', 'Renata Soares'],
      ['age', '38 anos'],
      ['gender', 'Feminino'],
      ['reason', 'perda de peso'],
      ['clinicalHistory', 'hipotireoidismo em uso de levotiroxina 50 mcg'],
      ['clinicalHistory', 'sedentária, intestino preso'],
      ['anthropometry', 'Peso: 84 kg'],
      ['anthropometry', 'Altura: 1,62 m'],
      ['anthropometry', 'circunferência da cintura 98 cm'],
      ['dietaryHistory', 'pão com manteiga e café com leite'],
      ['dietaryHistory', 'arroz, feijão, frango frito e refrigerante'],
      ['dietaryHistory', 'bolacha recheada'],
      ['dietaryHistory', 'lanche de padaria'],
      ['dietaryHistory', 'ingestão hídrica de 800 ml por dia'],
      ['labs', 'glicemia de jejum 108'],
      ['labs', 'triglicerídeos 190'],
      ['nutritionalDiagnosis', 'obesidade grau 1 com alto consumo de ultraprocessados'],
      ['dietPlan', 'plano alimentar de 1500 kcal'],
      ['dietPlan', 'trocar refrigerante por água'],
      ['dietPlan', 'perder 4 kg em 2 meses'],
      ['followUp', 'retorno em 30 dias'],
    ],
  },
  {
    id: 'nut-02',
    professional: 'nutricionista',
    style: 'speech',
    text:
      'consulta de nutrição seu carlos cinquenta e cinco anos diabético tipo dois veio para ' +
      'melhorar a alimentação e controlar o açúcar usa metformina e insulina nph à noite peso ' +
      'noventa e dois quilos altura um metro e setenta e dois circunferência abdominal cento e oito ' +
      'centímetros no café da manhã come cuscuz com ovo e café com açúcar no almoço arroz feijão ' +
      'macarrão e carne no jantar repete o almoço belisca bolacha à noite bebe pouca água ' +
      'hemoglobina glicada nove vírgula dois diagnóstico nutricional obesidade grau um com dieta ' +
      'rica em carboidratos refinados conduta plano alimentar de mil e oitocentas calorias com ' +
      'redução de carboidratos simples trocar açúcar por adoçante fracionar em seis refeições ' +
      'retorno em quarenta e cinco dias',
    facts: [
      ['name', 'Carlos'],
      ['age', '55 anos'],
      ['gender', 'Masculino'],
      ['reason', 'melhorar a alimentação e controlar o açúcar'],
      ['clinicalHistory', 'diabético tipo dois'],
      ['clinicalHistory', 'metformina e insulina nph à noite'],
      ['anthropometry', 'Peso: 92 kg'],
      ['anthropometry', 'Altura: 1,72 m'],
      ['anthropometry', 'circunferência abdominal cento e oito'],
      ['dietaryHistory', 'cuscuz com ovo e café com açúcar'],
      ['dietaryHistory', 'arroz feijão macarrão e carne'],
      ['dietaryHistory', 'repete o almoço'],
      ['dietaryHistory', 'belisca bolacha à noite'],
      ['dietaryHistory', 'bebe pouca água'],
      ['labs', 'hemoglobina glicada'],
      ['nutritionalDiagnosis', 'obesidade grau um com dieta rica em carboidratos refinados'],
      ['dietPlan', 'plano alimentar de mil e oitocentas calorias'],
      ['dietPlan', 'trocar açúcar por adoçante'],
      ['dietPlan', 'fracionar em seis refeições'],
      ['followUp', 'retorno em quarenta e cinco dias'],
    ],
  },
  {
    id: 'nut-03',
    professional: 'nutricionista',
    style: 'realtime',
    text:
      'Lucas, 16 anos, atleta de futebol, veio com a mãe porque quer ganhar massa muscular. Treina ' +
      'todos os dias, 2 horas por dia. Sem doenças, não usa medicamentos, usa whey por conta ' +
      'própria. Peso 61 kg, altura 1,78 m, percentual de gordura de 12% na bioimpedância. De manhã ' +
      'toma só um copo de leite, almoça na escola, à tarde não come nada antes do treino e janta ' +
      'bastante. Eutrofia, com ingestão energética insuficiente para o gasto. Vou montar um plano de ' +
      '3000 kcal com lanche antes e depois do treino, e oriento suspender o whey até reavaliação. ' +
      'Retorno em 1 mês com nova bioimpedância.',
    facts: [
      ['name', 'Lucas'],
      ['age', '16 anos'],
      ['reason', 'ganhar massa muscular'],
      ['clinicalHistory', 'treina todos os dias, 2 horas por dia'],
      ['clinicalHistory', 'sem doenças, não usa medicamentos'],
      ['clinicalHistory', 'usa whey por conta própria'],
      ['anthropometry', 'Peso: 61 kg'],
      ['anthropometry', 'Altura: 1,78 m'],
      ['anthropometry', 'percentual de gordura de 12% na bioimpedância'],
      ['dietaryHistory', 'um copo de leite'],
      ['dietaryHistory', 'almoça na escola'],
      ['dietaryHistory', 'à tarde não come nada antes do treino'],
      ['nutritionalDiagnosis', 'eutrofia, com ingestão energética insuficiente para o gasto'],
      ['dietPlan', 'plano de 3000 kcal'],
      ['dietPlan', 'suspender o whey até reavaliação'],
      ['followUp', 'retorno em 1 mês com nova bioimpedância'],
    ],
  },
  {
    id: 'as-01',
    professional: 'assistente_social',
    style: 'typed',
    text:
      'Identificação: Cláudia Regina Santos, 41 anos, CPF não informado. Demanda: compareceu ' +
      'encaminhada pela UBS por dificuldade de acesso a medicamentos e alimentação. Composição ' +
      'familiar: reside com o companheiro, 45 anos, desempregado, e quatro filhos de 2 a 14 anos. ' +
      'Situação socioeconômica: renda de 650 reais do Bolsa Família, trabalha como diarista ' +
      'eventualmente. Não possui CadÚnico atualizado. Habitação: casa cedida de três cômodos, sem ' +
      'esgoto. Rede de apoio: irmã auxilia com alimentos; filhos frequentam a escola municipal. ' +
      'Análise: situação de insegurança alimentar e vulnerabilidade social. Parecer: encaminho ao ' +
      'CRAS para atualização do CadÚnico e inclusão em programa de cesta básica, e à farmácia ' +
      'municipal.',
    facts: [
      ['name', 'Cláudia Regina Santos'],
      ['age', '41 anos'],
      ['gender', 'Feminino'],
      ['identification', 'CPF não informado'],
      ['demand', 'dificuldade de acesso a medicamentos e alimentação'],
      ['familyComposition', 'companheiro, 45 anos, desempregado'],
      ['familyComposition', 'quatro filhos de 2 a 14 anos'],
      ['socioeconomic', 'renda de 650 reais do Bolsa Família'],
      ['socioeconomic', 'diarista eventualmente'],
      ['socioeconomic', 'não possui CadÚnico atualizado'],
      ['housing', 'casa cedida de três cômodos, sem esgoto'],
      ['supportNetwork', 'irmã auxilia com alimentos'],
      ['analysis', 'insegurança alimentar e vulnerabilidade social'],
      ['opinion', 'CRAS para atualização do CadÚnico'],
      ['opinion', 'farmácia municipal'],
    ],
  },
  {
    id: 'as-02',
    professional: 'assistente_social',
    style: 'speech',
    text:
      'atendimento social dona josefa da silva sessenta e nove anos procurou o serviço porque teve o ' +
      'benefício do bpc cortado e não sabe o motivo mora sozinha numa casa alugada de dois cômodos ' +
      'paga trezentos reais de aluguel não tem filhos tem uma sobrinha que visita uma vez por mês a ' +
      'renda era só o bpc agora está sem renda nenhuma e dependendo de doações dos vizinhos é ' +
      'hipertensa e diabética e está sem comprar os remédios percebe-se situação de extrema ' +
      'vulnerabilidade e risco para a saúde encaminho ao inss para revisão do benefício e ao cras ' +
      'para benefício eventual oriento buscar os medicamentos na farmácia da ubs',
    facts: [
      ['name', 'Josefa da Silva'],
      ['age', '69 anos'],
      ['gender', 'Feminino'],
      ['demand', 'teve o benefício do bpc cortado e não sabe o motivo'],
      ['housing', 'casa alugada de dois cômodos'],
      ['housing', 'paga trezentos reais de aluguel'],
      ['familyComposition', 'não tem filhos'],
      ['supportNetwork', 'sobrinha que visita uma vez por mês'],
      ['socioeconomic', 'a renda era só o bpc agora está sem renda nenhuma'],
      ['analysis', 'extrema vulnerabilidade e risco para a saúde'],
      ['opinion', 'inss para revisão do benefício'],
      ['opinion', 'cras para benefício eventual'],
      ['opinion', 'farmácia da ubs'],
    ],
  },
  {
    id: 'as-03',
    professional: 'assistente_social',
    style: 'realtime',
    text:
      'Atendimento à adolescente Bianca, 15 anos, encaminhada pelo Conselho Tutelar após faltas ' +
      'escolares repetidas. Mora com a mãe, o padrasto e dois irmãos menores. A mãe trabalha como ' +
      'cozinheira com salário de 1.800 reais; o padrasto está desempregado. Família recebe Bolsa ' +
      'Família. Residem em casa própria de alvenaria, com saneamento. Bianca relata conflitos ' +
      'frequentes com o padrasto e diz que prefere ficar na casa da avó. A avó materna é uma ' +
      'referência afetiva. Acompanhada pelo CAPS infantojuvenil. Observa-se conflito familiar com ' +
      'possível negligência, sem relato de violência física. Encaminho para acompanhamento no CREAS ' +
      'e articulação com a escola. Sugiro visita domiciliar em 15 dias.',
    facts: [
      ['name', 'Bianca'],
      ['age', '15 anos'],
      ['gender', 'Feminino'],
      ['demand', 'faltas escolares repetidas'],
      ['familyComposition', 'mora com a mãe, o padrasto e dois irmãos menores'],
      ['socioeconomic', 'salário de 1.800 reais'],
      ['socioeconomic', 'padrasto está desempregado'],
      ['socioeconomic', 'recebe Bolsa Família'],
      ['housing', 'casa própria de alvenaria, com saneamento'],
      ['familyComposition', 'conflitos frequentes com o padrasto'],
      ['supportNetwork', 'avó materna é uma referência afetiva'],
      ['supportNetwork', 'CAPS infantojuvenil'],
      ['analysis', 'conflito familiar com possível negligência'],
      ['opinion', 'acompanhamento no CREAS e articulação com a escola'],
      ['opinion', 'visita domiciliar em 15 dias'],
    ],
  },
];
