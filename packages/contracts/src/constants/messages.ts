/**
 * pt-BR texts that cross the wire: the spec's literal messages and the ones we designed where the
 * spec is silent. Services answer with them; the SPAs import them so both sides say the same thing.
 */
export const Messages = {
  // form validation and failure toasts
  passwordPolicy: 'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
  passwordsDoNotMatch: 'As senhas não coincidem',
  simplePasswordMin: 'A senha deve ter pelo menos 6 caracteres',
  termsMustBeAccepted: 'Você deve aceitar os termos de uso para criar uma conta',
  termsNotLoaded: 'Não foi possível carregar os termos de uso. Tente novamente.',
  invalidCredentials: 'Email ou senha inválidos',
  loginError: 'Erro no login',
  signupError: 'Erro ao criar conta',
  resetPasswordSuccess:
    'Senha redefinida com sucesso! O usuário deve criar uma nova senha no próximo login.',
  adminOnly: 'Acesso negado. Esta área é restrita a administradores.',
  connectionError: 'Erro de conexão. Tente novamente.',
  loginSuccessTitle: 'Login realizado com sucesso',
  passwordChangeRequiredTitle: 'Alteração de senha obrigatória',
  // designed here (spec silent), documented in docs/decisions.md
  termsOutdated:
    'Os termos de uso foram atualizados. Leia e aceite a versão atual para criar sua conta.',
  emailTaken: 'Este email já está cadastrado. Entre com sua senha ou use outro email.',
  registerFieldsRequired: 'Preencha nome, sobrenome, email e senha para criar sua conta.',
  mustChangePassword: 'Você precisa criar uma nova senha antes de continuar.',
  currentPasswordWrong: 'A senha atual está incorreta',
  newPasswordSameAsCurrent: 'A nova senha deve ser diferente da senha atual',
  passwordChanged: 'Senha alterada com sucesso',
  loggedOut: 'Sessão encerrada',
  accountSuspended: 'Sua conta está suspensa. Entre em contato com o suporte.',
  accountInactive: 'Sua conta está inativa. Entre em contato com o suporte.',
  tooManyLoginAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  tooManyRequests: 'Muitas requisições. Aguarde um momento e tente novamente.',
  notAuthenticated: 'Você precisa entrar na sua conta para continuar.',
  premiumOnly: 'Este recurso é exclusivo do plano Premium.',
  csrfRejected: 'Requisição bloqueada: origem não permitida.',
  notFound: 'Recurso não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  userNotFound: 'Usuário não encontrado.',
  usersInvalidPage: 'Informe em page um número de página inteiro a partir de 1.',
  usersInvalidLimit: 'Informe em limit quantos usuários por página, de 1 a 100.',
  usersSearchTooLong: 'A busca deve ter no máximo 200 caracteres.',
  usersInvalidSort:
    'Ordene por createdAt, fullName, email, specialty, registry ou lastLoginAt (order asc ou desc).',
  termsNotFound: 'Versão dos termos não encontrada.',
  noCurrentTerms: 'Nenhuma versão dos termos de uso está ativa no momento.',
  termsVersionTaken: 'Já existe uma versão dos termos com este número.',
  adminCannotBeDeleted: 'Contas de administrador não podem ser excluídas.',
  cannotDemoteYourself: 'Você não pode remover seu próprio acesso de administrador.',
  cannotChangeOwnStatus: 'Você não pode suspender ou desativar a sua própria conta.',
  userCreated: 'Usuário criado com sucesso',
  userDeleted: 'Usuário excluído com sucesso',
  termsDeleted: 'Versão dos termos excluída com sucesso',
  activeTermsCannotBeDeleted:
    'A versão ativa dos termos não pode ser excluída. Ative outra versão antes.',
  profileUpdated: 'Perfil atualizado com sucesso',
  fullNameRequired: 'Nome Completo é obrigatório',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie os dados como JSON.',
  internalError: 'Erro interno do servidor. Tente novamente em instantes.',
  /** A process that is shutting down (a rollout) refusing a request on a kept-alive connection. */
  restarting: 'O serviço está reiniciando. Tente novamente em instantes.',
  /** A store, the broker or another service briefly out of reach (a restart, a failover). */
  dependencyUnavailable:
    'O serviço está momentaneamente indisponível. Tente novamente em instantes.',
  /** 408: the request (headers or body) took longer to arrive than the server waits. */
  requestTimeout:
    'A requisição demorou demais para chegar ao servidor. Verifique sua conexão e tente novamente.',
  headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
  badRequest: 'Requisição inválida.',
  /** 504 from the gateway: the service took longer to answer than the gateway waits. */
  upstreamTimeout: (serviceLabel: string) =>
    `O serviço de ${serviceLabel} demorou demais para responder. Tente novamente em instantes.`,
  /** 503 from the gateway: every connection to the service stayed busy for too long. */
  upstreamBusy: (serviceLabel: string) =>
    `O serviço de ${serviceLabel} está sobrecarregado no momento. Tente novamente em instantes.`,
  serviceUnavailable: (serviceLabel: string) =>
    `O serviço de ${serviceLabel} está indisponível no momento. Tente novamente em instantes.`,
} as const;
