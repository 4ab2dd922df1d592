import type { TermsVersion } from '@pv/contracts';
import { formatDate, preview } from '../../../format';
import { ContentList, type ContentListDefinition } from './content-list';

type Form = {
  version: string;
  title: string;
  content: string;
  effectiveDate: string;
  isActive: boolean;
};

/** 'YYYY-MM-DD' of an ISO instant, for a date input. */
const dayOf = (iso: string) => iso.slice(0, 10);

export const termsDefinition: ContentListDefinition<TermsVersion, Form> = {
  path: '/api/admin/terms',
  noun: 'versão dos termos',
  newLabel: 'Nova Versão dos Termos',
  editLabel: 'Editar Versão dos Termos',
  emptyText: 'Nenhuma versão dos termos cadastrada',
  fields: [
    { name: 'version', label: 'Versão', kind: 'text', required: true },
    { name: 'title', label: 'Título', kind: 'text', required: true },
    { name: 'content', label: 'Conteúdo', kind: 'multiline', required: true },
    { name: 'effectiveDate', label: 'Vigência a partir de', kind: 'date' },
    // A version can be made the active one when created or edited (only one is).
    { name: 'isActive', label: 'Versão ativa', kind: 'switch' },
  ],
  emptyForm: { version: '', title: '', content: '', effectiveDate: '', isActive: false },
  toForm: (item) => ({
    version: item.version,
    title: item.title,
    content: item.content,
    effectiveDate: dayOf(item.effectiveDate),
    isActive: item.isActive,
  }),
  toBody: (form) => ({
    version: form.version.trim(),
    title: form.title.trim(),
    content: form.content,
    isActive: form.isActive,
    ...(form.effectiveDate ? { effectiveDate: new Date(form.effectiveDate).toISOString() } : {}),
  }),
  title: (item) => `Versão ${item.version} — ${item.title}`,
  body: (item) => `Vigência: ${formatDate(item.effectiveDate)}\n${preview(item.content, 200)}`,
  chips: (item) => (item.isActive ? ['Ativa'] : []),
};

export default function TermsTab() {
  return <ContentList definition={termsDefinition} />;
}
