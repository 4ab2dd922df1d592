/**
 * Snippets written to probe what the scrubber is known not to catch (docs/anonymisation.md,
 * "Known limits"): names no list holds with no cue around them, ordinary-word names after a
 * preposition, surnames no list holds, nicknames, spelled-out names. Reported beside the other
 * sets; not part of the recall goal, since they were chosen to fail. Same markup.
 */
export const HARD: string[] = [
  '{{n:ozanir}} chegou hoje com dor no peito',
  'conversei com {{n:rosa}} sobre a dieta',
  'paciente {{n:joana tenfen}} quarenta anos',
  'liguei para a {{n:glória}} e ela confirmou a consulta',
  'o {{n:bebeto}} veio sozinho hoje',
  'o nome é jota o a ene a {{n:joana}}',
  'quem trouxe foi o {{n:kiko}} o vizinho',
  '{{n:dores}} e {{n:socorro}} são as filhas que revezam',
  'veio com o {{n:neném}} no colo',
  'a paciente {{n:luz marina}} refere tontura',
  'trabalha na padaria do seu {{n:agenor}} há dez anos',
  'encaminhada pela enfermeira {{n:zilá}} da ubs',
  'tem noventa e sete anos e mora com a bisneta',
  'o filho mais velho {{n:tenório}} é quem decide',
  'professora aposentada da escola estadual dom {{n:pedro}}',
];
