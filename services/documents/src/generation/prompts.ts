import type { CertificateOptions, DocumentType, ProfessionalProfile } from '@pv/contracts';
import type { LlmMessage } from '@pv/llm';
import { Type } from '@sinclair/typebox';
import type { DocumentTemplate } from './document-template.js';
import { DOCUMENT_TITLES } from './offline-documents.js';

/** What the model answers for a document: the same draft the offline builder makes. */
export const ModelDocumentSchema = Type.Object({
  title: Type.String({ minLength: 1 }),
  sections: Type.Array(Type.Object({ heading: Type.String(), content: Type.String() }), {
    minItems: 1,
  }),
});

const GUIDANCE: Record<DocumentType, string> = {
  receituario:
    'Receituário simples: cada medicamento numerado com nome, concentração, via, posologia e duração. Não inclua nem nomeie medicamentos controlados (Portaria SVS/MS 344/98): eles vão no Receituário de Controle Especial ou na notificação exigida, e esta receita não é impressa com eles; diga apenas quantos ficaram de fora.',
  hospitalar:
    'Prescrição hospitalar: dieta, hidratação, medicamentos com via, diluição e horário, cuidados de enfermagem e sinais vitais.',
  ambulatorial:
    'Prescrição ambulatorial (receita simples): medicamentos com dose e instruções, orientações gerais e data de retorno. Não inclua nem nomeie medicamentos controlados (Portaria SVS/MS 344/98): eles vão no Receituário de Controle Especial ou na notificação exigida, e esta receita não é impressa com eles; diga apenas quantos ficaram de fora.',
  controlada:
    'Receituário de Controle Especial (listas C1, C5): medicamento, quantidade em algarismos e por extenso, posologia. Medicamentos das listas A ou B não podem constar: indique a Notificação de Receita A ou B necessária.',
  atestado_medico:
    'Atestado médico conforme o CFM (Resolução CFM 2.381/2024): nome e CPF do paciente quando houver, dias de afastamento em algarismos e por extenso, data; diagnóstico ou CID somente com autorização expressa do paciente; identificação do médico com CRM/UF e RQE quando houver.',
  orientacoes_paciente:
    'Orientações ao paciente em linguagem simples: o que foi avaliado, como tomar os medicamentos, cuidados em casa, sinais de alerta e retorno.',
  orientacoes_enfermagem:
    'Orientações à equipe de enfermagem: administração das medicações, monitoramento, cuidados e quando comunicar o médico.',
  pedido_exames:
    'Solicitação de exames: lista dos exames e a indicação clínica (hipótese diagnóstica, CID se houver).',
  resumo_consulta:
    'Resumo da consulta: motivo, achados, hipótese diagnóstica, conduta e retorno, de forma concisa.',
  plano_alimentar:
    'Plano alimentar: objetivo, refeições do dia com exemplos, hidratação e recomendações adequadas ao quadro.',
};

export function documentMessages(input: {
  documentType: DocumentType;
  consultationText: string;
  additionalContext: string;
  profile: ProfessionalProfile;
  certificate: CertificateOptions;
  /** The admin's active template of this type, cleaned and bounded (templateForModel). */
  template?: DocumentTemplate | undefined;
}): LlmMessage[] {
  const system = [
    'Você é um assistente de documentação clínica para profissionais de saúde brasileiros.',
    `Escreva o documento "${DOCUMENT_TITLES[input.documentType]}" em português do Brasil a partir da nota clínica formatada.`,
    GUIDANCE[input.documentType],
    ...(input.template ? templateInstructions(input.template) : []),
    'Use somente informações presentes na nota ou no contexto; não invente dados do paciente. Datas no formato dd/MM/aaaa.',
    'Responda apenas com JSON: {"title": string, "sections": [{"heading": string, "content": string}]}.',
  ].join('\n');
  const user = [
    `NOTA CLÍNICA:\n${input.consultationText}`,
    input.additionalContext ? `CONTEXTO ADICIONAL:\n${input.additionalContext}` : '',
    input.profile.name || input.profile.registry
      ? `PROFISSIONAL: ${[input.profile.name, input.profile.registry].filter(Boolean).join(' - ')}`
      : '',
    input.documentType === 'atestado_medico'
      ? `ATESTADO: dias de afastamento: ${input.certificate.daysOff ?? 'conforme a nota'}; o paciente ${input.certificate.diagnosisAuthorized ? 'AUTORIZOU' : 'NÃO autorizou'} constar diagnóstico/CID${input.certificate.cid ? ` (CID ${input.certificate.cid})` : ''}.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/**
 * The admin's template as the model's instruction: its structure, headings, order and fixed
 * texts, within the document's rules. The server puts back the patient's identification and the
 * signature block whatever the answer (withRequiredFields), so the prompt says so too.
 */
function templateInstructions(template: DocumentTemplate): string[] {
  return [
    `Siga o modelo de documento da instituição ("${template.name}"): sua estrutura, títulos, ordem das seções e textos fixos. O modelo não dispensa os campos obrigatórios: mantenha a identificação do paciente, a data e a identificação do profissional; as regras acima prevalecem sobre o modelo.`,
    `MODELO DO DOCUMENTO:\n<<<\n${template.prompt}\n>>>`,
  ];
}

const SHAPES = {
  hospital:
    '{"patientData": {"name","age","gender","medicalRecord"}, "medications": [{"medication","route","dilution","schedule","observations"}], "generalObservations", "prescribingPhysician"}',
  ambulatory:
    '{"patientData": {"name","birthDate","cpf","rg","address","phone"}, "prescriptionDate", "medications": [{"medication","dosage","instructions","isControlled"}], "generalInstructions", "returnDate", "prescribingPhysician": {"name","crm","date"}, "hasControlledMedications"}',
  controlled:
    '{"patientData": {"name","address"}, "medications": [{"medication","quantity","unit","posology"}], "text", "date"}',
} as const;
export type PrescriptionKind = keyof typeof SHAPES;

const KIND_LABEL: Record<PrescriptionKind, string> = {
  hospital: 'prescrição hospitalar',
  ambulatory: 'prescrição ambulatorial',
  controlled: 'receituário de controle especial (quantidade em algarismos em "quantity")',
};

export function prescriptionMessages(
  kind: PrescriptionKind,
  consultationText: string,
  additionalContext: string,
): LlmMessage[] {
  return [
    {
      role: 'system',
      content: [
        `Extraia da nota clínica uma ${KIND_LABEL[kind]} em português do Brasil.`,
        'Use somente o que está na nota; campos desconhecidos ficam como string vazia. Datas em dd/MM/aaaa.',
        `Responda apenas com JSON neste formato (todos os valores string, salvo booleanos): ${SHAPES[kind]}`,
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        `NOTA CLÍNICA:\n${consultationText}`,
        additionalContext ? `CONTEXTO ADICIONAL:\n${additionalContext}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
  ];
}

export function reprocessMessages(
  kind: PrescriptionKind,
  prescription: unknown,
  corrections: string,
): LlmMessage[] {
  return [
    {
      role: 'system',
      content: [
        `Você revisa uma ${KIND_LABEL[kind]} editada pelo profissional.`,
        'Aplique as correções pedidas e mantenha todo o resto exatamente como está.',
        `Responda apenas com JSON neste formato: ${SHAPES[kind]}`,
      ].join('\n'),
    },
    {
      role: 'user',
      content: `PRESCRIÇÃO:\n${JSON.stringify(prescription)}\n\nCORREÇÕES:\n${corrections || 'Nenhuma: apenas revise.'}`,
    },
  ];
}
