import { Type } from '@sinclair/typebox';
import { DateTimeSchema, Nullable, UuidSchema } from '../common.js';
import {
  AI_TEMPLATE_TYPES,
  MEDICAL_TERM_CATEGORIES,
  TEMPLATE_PROFESSIONALS,
} from '../constants/formatting.js';
import { ProfessionalSchema } from './note.js';

// What the admin console edits for the formatter (professional templates, medical terms, system
// instructions, AI templates) and the caller's own templates, with the admin lists' routes.

const NonBlank = (max: number, errorMessage: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', errorMessage });

export const ProfessionalTemplateSchema = Type.Object({
  id: UuidSchema,
  professional: ProfessionalSchema,
  name: Type.String(),
  prompt: Type.String(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
/** The specialties a professional template may be created for (ten of them). */
export const TemplateProfessionalSchema = Type.Union(
  TEMPLATE_PROFESSIONALS.map((p) => Type.Literal(p)),
  {
    errorMessage:
      'Informe uma especialidade válida da lista: medico_familia, medico_familia_personalizado, medico_ambulatorio, medico_trabalho, enfermeira, tecnico_enfermagem, nutricionista, assistente_social, psiquiatria ou psicoterapia.',
  },
);
export const CreateProfessionalTemplateBodySchema = Type.Object({
  professional: TemplateProfessionalSchema,
  name: NonBlank(200, 'Informe o nome do template.'),
  prompt: NonBlank(50_000, 'Informe o prompt do template.'),
});
export const UpdateProfessionalTemplateBodySchema = Type.Partial(
  CreateProfessionalTemplateBodySchema,
);

export const MedicalTermCategorySchema = Type.Union(
  MEDICAL_TERM_CATEGORIES.map((c) => Type.Literal(c)),
  { errorMessage: 'Categoria inválida: use doença, medicamento, exame, sintoma ou procedimento.' },
);
export const MedicalTermSchema = Type.Object({
  id: UuidSchema,
  term: Type.String(),
  category: Nullable(MedicalTermCategorySchema),
  createdAt: DateTimeSchema,
});
export const CreateMedicalTermBodySchema = Type.Object({
  term: NonBlank(200, 'Informe o termo.'),
  category: Type.Optional(Nullable(MedicalTermCategorySchema)),
});
export const UpdateMedicalTermBodySchema = Type.Partial(CreateMedicalTermBodySchema);

export const SystemInstructionSchema = Type.Object({
  id: UuidSchema,
  title: Type.String(),
  content: Type.String(),
  displayOrder: Type.Integer(),
  isActive: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
const DisplayOrderSchema = Type.Integer({
  minimum: 0,
  maximum: 100_000,
  errorMessage: 'A ordem de exibição deve ser um número inteiro maior ou igual a 0.',
});
export const CreateSystemInstructionBodySchema = Type.Object({
  title: NonBlank(200, 'Informe o título da instrução.'),
  content: NonBlank(20_000, 'Informe o conteúdo da instrução.'),
  /** Missing or null falls back to 0. */
  displayOrder: Type.Optional(Nullable(DisplayOrderSchema)),
  isActive: Type.Optional(Type.Boolean()),
});
export const UpdateSystemInstructionBodySchema = Type.Partial(CreateSystemInstructionBodySchema);

export const AiTemplateTypeSchema = Type.Union(AI_TEMPLATE_TYPES.map((t) => Type.Literal(t)));
export const AiTemplateSchema = Type.Object({
  id: UuidSchema,
  templateKey: Type.String(),
  templateType: AiTemplateTypeSchema,
  name: Type.String(),
  category: Nullable(Type.String()),
  description: Nullable(Type.String()),
  prompt: Type.String(),
  isActive: Type.Boolean(),
  isSystemDefault: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export const CreateAiTemplateBodySchema = Type.Object({
  templateKey: NonBlank(100, 'Informe a chave do template.'),
  /** Defaults to professional_prompt. */
  templateType: Type.Optional(AiTemplateTypeSchema),
  name: NonBlank(200, 'Informe o nome do template.'),
  category: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2_000 }))),
  prompt: NonBlank(50_000, 'Informe o prompt do template.'),
  isActive: Type.Optional(Type.Boolean()),
  isSystemDefault: Type.Optional(Type.Boolean()),
});
export const UpdateAiTemplateBodySchema = Type.Partial(CreateAiTemplateBodySchema);

export const UserTemplateSchema = Type.Object({
  id: UuidSchema,
  name: Type.String(),
  content: Type.String(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export const CreateUserTemplateBodySchema = Type.Object({
  name: NonBlank(200, 'Informe o nome do template.'),
  content: NonBlank(50_000, 'Informe o conteúdo do template.'),
});
export const UpdateUserTemplateBodySchema = Type.Partial(CreateUserTemplateBodySchema);
