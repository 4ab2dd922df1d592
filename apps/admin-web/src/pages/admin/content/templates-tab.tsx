import type { ProfessionalTemplateSchema } from '@pv/contracts';
import { TEMPLATE_PROFESSIONALS } from '@pv/contracts/constants';
import type { SchemaType } from '../../../api/base';
import { preview } from '../../../format';
import { professionalLabel } from '../../../messages';
import { ContentList, type ContentListDefinition } from './content-list';

type ProfessionalTemplate = SchemaType<typeof ProfessionalTemplateSchema>;
type Form = { professional: string; name: string; prompt: string };

/** Admin template previews show 200 characters. */
export const TEMPLATE_PREVIEW_CHARS = 200;

export const templatesDefinition: ContentListDefinition<ProfessionalTemplate, Form> = {
  path: '/api/admin/templates',
  noun: 'template',
  newLabel: 'Novo Template',
  editLabel: 'Editar Template',
  emptyText: 'Nenhum template cadastrado',
  // Professional, name and prompt are required.
  fields: [
    {
      name: 'professional',
      label: 'Profissional',
      kind: 'select',
      required: true,
      // The ten specialties a template may be written for.
      options: TEMPLATE_PROFESSIONALS.map((value) => ({ value, label: professionalLabel(value) })),
    },
    { name: 'name', label: 'Nome', kind: 'text', required: true },
    { name: 'prompt', label: 'Prompt', kind: 'multiline', required: true },
  ],
  emptyForm: { professional: '', name: '', prompt: '' },
  toForm: (item) => ({ professional: item.professional, name: item.name, prompt: item.prompt }),
  toBody: (form) => ({
    professional: form.professional,
    name: form.name.trim(),
    prompt: form.prompt,
  }),
  title: (item) => item.name,
  body: (item) => preview(item.prompt, TEMPLATE_PREVIEW_CHARS),
  chips: (item) => [professionalLabel(item.professional)],
};

export default function TemplatesTab() {
  return <ContentList definition={templatesDefinition} />;
}
