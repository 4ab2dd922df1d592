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
        'Prompt de formatação ou profissional: use o código da especialidade (ex.: medico_familia) para valer na formatação dessa especialidade.',
    },
    {
      name: 'templateType',
      label: 'Tipo',
      kind: 'select',
      required: true,
      options: AI_TEMPLATE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] ?? value })),
    },
    { name: 'name', label: 'Nome', kind: 'text', required: true },
    { name: 'category', label: 'Categoria', kind: 'text' },
    { name: 'description', label: 'Descrição', kind: 'text' },
    { name: 'prompt', label: 'Prompt', kind: 'multiline', required: true },
    { name: 'isActive', label: 'Ativo', kind: 'switch' },
    { name: 'isSystemDefault', label: 'Padrão do sistema', kind: 'switch' },
  ],
  // Spec 2 §3: professional_prompt by default.
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
    item.isActive ? T.active : T.inactive,
    ...(item.isSystemDefault ? ['Padrão'] : []),
  ],
};

export default function AiTemplatesTab() {
  return <ContentList definition={aiTemplatesDefinition} />;
}
