import type { MarketingMessage } from '@pv/contracts';
import { T } from '../../../messages';
import { ContentList, type ContentListDefinition, displayOrderOf } from './content-list';

type Form = {
  type: string;
  title: string;
  message: string;
  displayOrder: string;
  isActive: boolean;
};

const TYPE_LABELS: Record<string, string> = {
  signup: 'Cadastro (visitantes)',
  premium: 'Premium (usuários gratuitos)',
};

export const marketingDefinition: ContentListDefinition<MarketingMessage, Form> = {
  path: '/api/admin/marketing-messages',
  noun: 'mensagem de marketing',
  newLabel: 'Nova Mensagem',
  editLabel: 'Editar Mensagem',
  emptyText: 'Nenhuma mensagem de marketing cadastrada',
  fields: [
    {
      name: 'type',
      label: 'Tipo',
      kind: 'select',
      required: true,
      options: Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
    },
    { name: 'title', label: 'Título', kind: 'text', required: true },
    { name: 'message', label: 'Mensagem', kind: 'multiline', required: true },
    // Numeric, falls back to 0.
    {
      name: 'displayOrder',
      label: 'Ordem de exibição',
      kind: 'number',
      helperText: 'Em branco: 0',
    },
    { name: 'isActive', label: 'Ativa', kind: 'switch' },
  ],
  // Signup by default.
  emptyForm: { type: 'signup', title: '', message: '', displayOrder: '0', isActive: true },
  toForm: (item) => ({
    type: item.type,
    title: item.title,
    message: item.message,
    displayOrder: String(item.displayOrder),
    isActive: item.isActive,
  }),
  toBody: (form) => ({
    type: form.type,
    title: form.title.trim(),
    message: form.message,
    displayOrder: displayOrderOf(form.displayOrder),
    isActive: form.isActive,
  }),
  title: (item) => item.title,
  body: (item) => item.message,
  chips: (item) => [
    TYPE_LABELS[item.type] ?? item.type,
    `Ordem ${item.displayOrder}`,
    item.isActive ? T.active : T.inactive,
  ],
};

export default function MarketingTab() {
  return <ContentList definition={marketingDefinition} />;
}
