import type { AiTemplateSchema } from '@pv/contracts';
import { AI_TEMPLATE_TYPES } from '@pv/contracts/constants';
import type { SchemaType } from '../../../api/base';
import { preview } from '../../../format';
import { T } from '../../../messages';
import { ContentList, type ContentListDefinition } from './content-list';
import { TEMPLATE_PREVIEW_CHARS } from './templates-tab';

type AiTemplate = SchemaType<typeof AiTemplateSchema>;
type Form = {
  templateKey: string;
  templateType: string;
  name: string;
  category: string;
  description: string;
  prompt: string;
  isActive: boolean;
  isSystemDefault: boolean;
};

const TYPE_LABELS: Record<string, string> = {
  professional_prompt: 'Prompt profissional',
  document_template: 'Modelo de documento',
  formatting_prompt: 'Prompt de formatação',
  system_instruction: 'Instrução de sistema',
};

/**
 * Which code path each type feeds (docs/offline-formatter.md "Templates IA" for formatting,
 * docs/documents.md "Templates IA" for documents), shown under the type and as a chip.
 */
export const TYPE_USES: Record<string, { chip: string; hint: string }> = {
  professional_prompt: {
    chip: 'Usado na formatação',
    hint: 'Usado na formatação da nota da especialidade indicada na chave (ex.: medico_familia), quando não há prompt de formatação para ela.',
  },
  formatting_prompt: {
    chip: 'Usado na formatação',
    hint: 'Usado na formatação da nota da especialidade indicada na chave (ex.: nutricionista); tem prioridade sobre o prompt profissional.',
  },
  system_instruction: {
    chip: 'Usado na formatação',
    hint: 'Usado na formatação de todas as notas, depois das instruções da aba Instruções.',
  },
  document_template: {
    chip: 'Usado na geração de documentos',
    hint: 'Usado na geração de documentos do tipo indicado na chave (ex.: atestado_medico): com IA, o modelo segue este texto; sem IA, os títulos (linhas "# Título") ordenam o documento e o texto abaixo de cada título é incluído. Paciente, data e assinatura do profissional são sempre mantidos.',
  },
};

export const aiTemplatesDefinition: ContentListDefinition<AiTemplate, Form> = {
  path: '/api/ai-templates',
  noun: 'template de IA',
  newLabel: 'Novo Template de IA',
  editLabel: 'Editar Template de IA',
  emptyText: 'Nenhum template de IA cadastrado',
  fields: [
    {
      name: 'templateKey',
      label: 'Chave',
      kind: 'text',
      required: true,
      // docs/offline-formatter.md "Where the shaping inputs come from".
      helperText:
        'Prompt de formatação ou profissional: use o código da especialidade (ex.: medico_familia) para valer na formatação dessa especialidade. Modelo de documento: use o tipo do documento (ex.: atestado_medico).',
    },
    {
      name: 'templateType',
      label: 'Tipo',
      kind: 'select',
      required: true,
      helperText: (form) => TYPE_USES[form.templateType]?.hint,
      options: AI_TEMPLATE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] ?? value })),
    },
    { name: 'name', label: 'Nome', kind: 'text', required: true },
    { name: 'category', label: 'Categoria', kind: 'text' },
    { name: 'description', label: 'Descrição', kind: 'text' },
    { name: 'prompt', label: 'Prompt', kind: 'multiline', required: true },
    { name: 'isActive', label: 'Ativo', kind: 'switch' },
    { name: 'isSystemDefault', label: 'Padrão do sistema', kind: 'switch' },
  ],
  // `professional_prompt` by default.
  emptyForm: {
    templateKey: '',
    templateType: 'professional_prompt',
    name: '',
    category: '',
    description: '',
    prompt: '',
    isActive: true,
    isSystemDefault: false,
  },
  toForm: (item) => ({
    templateKey: item.templateKey,
    templateType: item.templateType,
    name: item.name,
    category: item.category ?? '',
    description: item.description ?? '',
    prompt: item.prompt,
    isActive: item.isActive,
    isSystemDefault: item.isSystemDefault,
  }),
  toBody: (form) => ({
    templateKey: form.templateKey.trim(),
    templateType: form.templateType,
    name: form.name.trim(),
    category: form.category.trim() || null,
    description: form.description.trim() || null,
    prompt: form.prompt,
    isActive: form.isActive,
    isSystemDefault: form.isSystemDefault,
  }),
  title: (item) => item.name,
  body: (item) => preview(item.description || item.prompt, TEMPLATE_PREVIEW_CHARS),
  chips: (item) => [
    TYPE_LABELS[item.templateType] ?? item.templateType,
    ...(TYPE_USES[item.templateType] ? [TYPE_USES[item.templateType]?.chip as string] : []),
    item.isActive ? T.active : T.inactive,
    ...(item.isSystemDefault ? ['Padrão'] : []),
  ],
};

export default function AiTemplatesTab() {
  return <ContentList definition={aiTemplatesDefinition} />;
}
