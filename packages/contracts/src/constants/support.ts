/** In the product's order. */
export const TICKET_CATEGORIES = [
  'general',
  'technical',
  'billing',
  'feature_request',
  'bug_report',
] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * What the admin counters group together (docs/decisions.md, "Support"): `open` counts tickets
 * still waiting for a solution, `resolved` the finished ones, so total = open + resolved.
 */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];
export const RESOLVED_TICKET_STATUSES: readonly TicketStatus[] = ['resolved', 'closed'];

/** A new ticket (the public form sends no priority or status). Spec silent; decisions.md. */
/** The admin queue's page size: the default and the most one page may hold. */
export const DEFAULT_TICKETS_PER_PAGE = 50;
export const MAX_TICKETS_PER_PAGE = 200;

export const DEFAULT_TICKET_CATEGORY: TicketCategory = 'general';
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';
export const INITIAL_TICKET_STATUS: TicketStatus = 'open';

/** Characters of the description the admin list shows per entry. */
export const TICKET_DESCRIPTION_PREVIEW_CHARS = 150;

export const SupportMessages = {
  // literal: the form's toast title and description for a blank required field
  requiredFieldsTitle: 'Campos obrigatórios',
  requiredFields: 'Por favor, preencha todos os campos obrigatórios',
  // literal: the toasts the SPAs show around a failed call
  createErrorTitle: 'Erro ao criar ticket',
  createErrorFallback: 'Tente novamente mais tarde',
  updateErrorTitle: 'Erro ao atualizar ticket',
  updateErrorFallback: 'Tente novamente',
  // literal: empty states of the admin screens
  noTicketsForFilters: 'Nenhum ticket encontrado com os filtros aplicados.',
  noTicketsForUser: 'Nenhum ticket de suporte encontrado',
  // designed here (spec silent), documented in docs/decisions.md
  invalidEmail: 'Informe um email válido para que possamos responder ao seu ticket.',
  contactNameTooLong: 'O nome de contato deve ter no máximo 200 caracteres.',
  subjectTooLong: 'O assunto deve ter no máximo 200 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 10.000 caracteres.',
  invalidCategory:
    'Escolha uma categoria válida: general, technical, billing, feature_request ou bug_report.',
  invalidPriority: 'Escolha uma prioridade válida: low, medium, high ou urgent.',
  invalidStatus: 'Escolha um status válido: open, in_progress, resolved ou closed.',
  tooManyTicketsAnonymous:
    'Muitos tickets enviados a partir deste endereço na última hora. Aguarde um pouco ou entre na sua conta para enviar outro.',
  tooManyTicketsUser:
    'Você enviou muitos tickets na última hora. Aguarde um pouco antes de enviar outro.',
  ticketNotFound: 'Ticket de suporte não encontrado.',
  nothingToUpdate:
    'Informe ao menos um campo para atualizar o ticket: status, priority, assignedTo, resolution ou resolutionNotes.',
  assignedToTooLong: 'O responsável deve ter no máximo 200 caracteres.',
  resolutionTooLong: 'A resolução deve ter no máximo 10.000 caracteres.',
  searchTooLong: 'A busca deve ter no máximo 200 caracteres.',
  invalidPage: 'Informe em page um número de página inteiro a partir de 1.',
  invalidLimit: 'Informe em limit quantos tickets por página, de 1 a 200.',
} as const;

/**
 * Error codes of the support routes that a client maps to a toast title. A blank or missing
 * contactEmail, subject or description answers 400 with code `REQUIRED_FIELDS`, message
 * `SupportMessages.requiredFields` and one `details` entry per field; the literal title
 * ('Campos obrigatórios') is `SupportMessages.requiredFieldsTitle`, chosen by that code.
 */
export const SupportErrorCodes = {
  requiredFields: 'REQUIRED_FIELDS',
  ticketNotFound: 'TICKET_NOT_FOUND',
  nothingToUpdate: 'NOTHING_TO_UPDATE',
  rateLimited: 'TICKET_RATE_LIMITED',
} as const;

/** The fields required non-blank on the public form. */
export const REQUIRED_TICKET_FIELDS = ['contactEmail', 'subject', 'description'] as const;
