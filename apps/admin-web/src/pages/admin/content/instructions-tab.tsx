import type { SystemInstructionSchema } from '@pv/contracts';
import type { SchemaType } from '../../../api/base';
import { preview } from '../../../format';
import { T } from '../../../messages';
import {
  ContentList,
  type ContentListDefinition,
  displayOrderOf,
  nonNegativeOrder,
} from './content-list';

type SystemInstruction = SchemaType<typeof SystemInstructionSchema>;
type Form = { title: string; content: string; displayOrder: string; isActive: boolean };

export const instructionsDefinition: ContentListDefinition<SystemInstruction, Form> = {
  path: '/api/admin/system-instructions',
  noun: 'instrução',
  newLabel: 'Nova Instrução',
  editLabel: 'Editar Instrução',
  emptyText: 'Nenhuma instrução cadastrada',
  // Title and content non-blank; displayOrder numeric, minimum 0, falls back to 0.
  fields: [
    { name: 'title', label: 'Título', kind: 'text', required: true },
    { name: 'content', label: 'Conteúdo', kind: 'multiline', required: true },
    {
      name: 'displayOrder',
      label: 'Ordem de exibição',
      kind: 'number',
      validate: nonNegativeOrder,
      helperText: 'Em branco: 0',
    },
    { name: 'isActive', label: 'Ativa', kind: 'switch' },
  ],
  emptyForm: { title: '', content: '', displayOrder: '0', isActive: true },
  toForm: (item) => ({
    title: item.title,
    content: item.content,
    displayOrder: String(item.displayOrder),
    isActive: item.isActive,
  }),
  toBody: (form) => ({
    title: form.title.trim(),
    content: form.content,
    displayOrder: displayOrderOf(form.displayOrder),
    isActive: form.isActive,
  }),
  title: (item) => `${item.displayOrder}. ${item.title}`,
  body: (item) => preview(item.content, 200),
  chips: (item) => [item.isActive ? T.active : T.inactive],
  order: (a, b) => a.displayOrder - b.displayOrder,
};

export default function InstructionsTab() {
  return <ContentList definition={instructionsDefinition} />;
}
