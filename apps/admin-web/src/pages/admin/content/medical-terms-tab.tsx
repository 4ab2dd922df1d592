import type { MedicalTermSchema } from '@pv/contracts';
import { MEDICAL_TERM_CATEGORIES } from '@pv/contracts/constants';
import type { SchemaType } from '../../../api/base';
import { T } from '../../../messages';
import { ContentList, type ContentListDefinition } from './content-list';

type MedicalTerm = SchemaType<typeof MedicalTermSchema>;
type Form = { term: string; category: string };

const CATEGORY_LABELS: Record<string, string> = {
  disease: 'Doença',
  medication: 'Medicamento',
  exam: 'Exame',
  symptom: 'Sintoma',
  procedure: 'Procedimento',
};

export const medicalTermsDefinition: ContentListDefinition<MedicalTerm, Form> = {
  path: '/api/admin/medical-terms',
  noun: 'termo médico',
  newLabel: 'Novo Termo Médico',
  editLabel: 'Editar Termo Médico',
  emptyText: 'Nenhum termo médico cadastrado',
  // The term is required; the category may be left empty.
  fields: [
    { name: 'term', label: 'Termo', kind: 'text', required: true },
    {
      name: 'category',
      label: 'Categoria',
      kind: 'select',
      options: [
        { value: '', label: T.noCategory },
        ...MEDICAL_TERM_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value]! })),
      ],
    },
  ],
  emptyForm: { term: '', category: '' },
  toForm: (item) => ({ term: item.term, category: item.category ?? '' }),
  toBody: (form) => ({ term: form.term.trim(), category: form.category || null }),
  title: (item) => item.term,
  chips: (item) => [
    item.category ? (CATEGORY_LABELS[item.category] ?? item.category) : T.noCategory,
  ],
  order: (a, b) => a.term.localeCompare(b.term, 'pt-BR'),
};

export default function MedicalTermsTab() {
  return <ContentList definition={medicalTermsDefinition} />;
}
