import {
  type AiTemplateSchema,
  CreateAiTemplateBodySchema,
  CreateMedicalTermBodySchema,
  CreateProfessionalTemplateBodySchema,
  CreateSystemInstructionBodySchema,
  DOCUMENT_TEMPLATE_KEY_INVALID,
  DOCUMENT_TYPES,
  type MedicalTermSchema,
  type ProfessionalTemplateSchema,
  type SystemInstructionSchema,
  UpdateAiTemplateBodySchema,
  UpdateMedicalTermBodySchema,
  UpdateProfessionalTemplateBodySchema,
  UpdateSystemInstructionBodySchema,
} from '@pv/contracts';
import { enqueueEvent } from '@pv/service-kit/events';
import { badRequest } from '@pv/service-kit/http';
import type { Static } from '@sinclair/typebox';
import { type ContentKind, defined } from './admin-content.service.js';

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value as Date).toISOString();
const trimmed = (value: string | undefined) => value?.trim();

export const professionalTemplates: ContentKind<
  Static<typeof ProfessionalTemplateSchema>,
  Static<typeof CreateProfessionalTemplateBodySchema>,
  Static<typeof UpdateProfessionalTemplateBodySchema>
> = {
  table: 'professional_templates',
  auditTarget: 'professional-template',
  bodies: {
    create: CreateProfessionalTemplateBodySchema,
    update: UpdateProfessionalTemplateBodySchema,
  },
  orderBy: [
    { column: 'professional', direction: 'asc' },
    { column: 'updated_at', direction: 'desc' },
  ],
  toItem: (r: Row) => ({
    id: String(r.id),
    professional: r.professional as Static<typeof ProfessionalTemplateSchema>['professional'],
    name: String(r.name),
    prompt: String(r.prompt),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
  toInsert: (b) => ({ professional: b.professional, name: b.name.trim(), prompt: b.prompt }),
  toUpdate: (b) =>
    defined({ professional: b.professional, name: trimmed(b.name), prompt: b.prompt }),
  messages: { notFound: 'Template não encontrado.', deleted: 'Template excluído com sucesso' },
};

export const medicalTerms: ContentKind<
  Static<typeof MedicalTermSchema>,
  Static<typeof CreateMedicalTermBodySchema>,
  Static<typeof UpdateMedicalTermBodySchema>
> = {
  table: 'medical_terms',
  auditTarget: 'medical-term',
  bodies: { create: CreateMedicalTermBodySchema, update: UpdateMedicalTermBodySchema },
  orderBy: [{ column: 'term', direction: 'asc' }],
  toItem: (r: Row) => ({
    id: String(r.id),
    term: String(r.term),
    category: (r.category ?? null) as Static<typeof MedicalTermSchema>['category'],
    createdAt: iso(r.created_at),
  }),
  toInsert: (b) => ({ term: b.term.trim(), category: b.category ?? null }),
  toUpdate: (b) => defined({ term: trimmed(b.term), category: b.category }),
  messages: {
    notFound: 'Termo médico não encontrado.',
    deleted: 'Termo médico excluído com sucesso',
    duplicate: 'Este termo já está cadastrado.',
  },
};

export const systemInstructions: ContentKind<
  Static<typeof SystemInstructionSchema>,
  Static<typeof CreateSystemInstructionBodySchema>,
  Static<typeof UpdateSystemInstructionBodySchema>
> = {
  table: 'system_instructions',
  auditTarget: 'system-instruction',
  bodies: { create: CreateSystemInstructionBodySchema, update: UpdateSystemInstructionBodySchema },
  orderBy: [
    { column: 'display_order', direction: 'asc' },
    { column: 'created_at', direction: 'asc' },
  ],
  toItem: (r: Row) => ({
    id: String(r.id),
    title: String(r.title),
    content: String(r.content),
    displayOrder: Number(r.display_order),
    isActive: Boolean(r.is_active),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
  // A missing or empty display order falls back to 0.
  toInsert: (b) => ({
    title: b.title.trim(),
    content: b.content,
    display_order: b.displayOrder ?? 0,
    is_active: b.isActive ?? true,
  }),
  toUpdate: (b) =>
    defined({
      title: trimmed(b.title),
      content: b.content,
      display_order: b.displayOrder === null ? 0 : b.displayOrder,
      is_active: b.isActive,
    }),
  messages: { notFound: 'Instrução não encontrada.', deleted: 'Instrução excluída com sucesso' },
};

export const aiTemplates: ContentKind<
  Static<typeof AiTemplateSchema>,
  Static<typeof CreateAiTemplateBodySchema>,
  Static<typeof UpdateAiTemplateBodySchema>
> = {
  table: 'ai_templates',
  auditTarget: 'ai-template',
  bodies: { create: CreateAiTemplateBodySchema, update: UpdateAiTemplateBodySchema },
  orderBy: [
    { column: 'template_type', direction: 'asc' },
    { column: 'name', direction: 'asc' },
  ],
  toItem: (r: Row) => ({
    id: String(r.id),
    templateKey: String(r.template_key),
    templateType: r.template_type as Static<typeof AiTemplateSchema>['templateType'],
    name: String(r.name),
    category: (r.category as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    prompt: String(r.prompt),
    isActive: Boolean(r.is_active),
    isSystemDefault: Boolean(r.is_system_default),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }),
  toInsert: (b) => ({
    template_key: b.templateKey.trim(),
    template_type: b.templateType ?? 'professional_prompt',
    name: b.name.trim(),
    category: b.category ?? null,
    description: b.description ?? null,
    prompt: b.prompt,
    is_active: b.isActive ?? true,
    is_system_default: b.isSystemDefault ?? false,
  }),
  toUpdate: (b) =>
    defined({
      template_key: trimmed(b.templateKey),
      template_type: b.templateType,
      name: trimmed(b.name),
      category: b.category,
      description: b.description,
      prompt: b.prompt,
      is_active: b.isActive,
      is_system_default: b.isSystemDefault,
    }),
  messages: {
    notFound: 'Template de IA não encontrado.',
    deleted: 'Template de IA excluído com sucesso',
    duplicate: 'Já existe um template de IA com esta chave.',
  },
  // A document template is the template of one document type, named by its key.
  validate: (r: Row) => {
    if (
      r.template_type === 'document_template' &&
      !(DOCUMENT_TYPES as readonly string[]).includes(String(r.template_key))
    )
      throw badRequest(DOCUMENT_TEMPLATE_KEY_INVALID, 'DOCUMENT_TEMPLATE_KEY_INVALID');
  },
  // Documents follows the templates (its projection of the document templates): every change
  // is an ai.template.changed.v1 in the write's transaction.
  changed: async (trx, change, r: Row) => {
    await enqueueEvent(trx, 'ai.template.changed.v1', {
      change,
      template: {
        id: String(r.id),
        templateKey: String(r.template_key),
        templateType: r.template_type as Static<typeof AiTemplateSchema>['templateType'],
        name: String(r.name),
        prompt: String(r.prompt),
        isActive: Boolean(r.is_active),
        updatedAt: iso(r.updated_at),
      },
    });
  },
};
