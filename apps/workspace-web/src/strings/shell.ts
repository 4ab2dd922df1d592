/** pt-BR texts of the shell: header, footer, toasts, promotions and the notice card. */
export const ShellStrings = {
  appName: 'Prontuário por Voz',
  homeLink: 'Prontuário por Voz — página inicial',
  login: 'Entrar',
  loginTooltip: 'Clique para Entrar',
  admin: 'Administração',
  userArea: 'Minha Área',
  logout: 'Sair',
  userMenu: 'Abrir menu do usuário',
  support: 'Suporte',
  supportTooltip: 'Precisa de ajuda? Fale com o suporte',
  footerNote: 'Transcrição e formatação de consultas com IA.',
  logoutError: 'Não foi possível encerrar a sessão. Tente novamente.',
  error: 'Erro',
  loading: 'Carregando',
  /** While a call waits to be retried (api/retries.ts): quiet, not an error. */
  reconnecting: 'Reconectando…',
  // toaster (F8 focuses the toast area)
  toastRegion: 'Notificações (F8)',
  closeToast: 'Fechar notificação',
  // promotions and the notice card
  closePromotion: 'Fechar promoção',
  signupAction: 'Criar conta grátis',
  premiumAction: 'Conhecer o Premium',
  noticeDismiss: 'Dispensar aviso',
  noticeAnonymousTitle: 'Aproveite mais com uma conta gratuita',
  noticeAnonymousText:
    'Entre para usar o Super Transcritor, os modos SUPER-IA e IA-ALTERNATIVA, templates personalizados e acompanhar o seu uso.',
  noticeAnonymousAction: 'Entrar',
  // Its accessible name (beginning with what it shows): the header's 'Entrar' (to /auth) is on the
  // same page, and a screen reader must not be offered two identical 'Entrar' links.
  noticeAnonymousActionLabel: 'Entrar para aproveitar mais',
  noticeFreeTitle: 'Você está no plano gratuito',
  noticeFreeText:
    'Assine o Premium e tenha uso ilimitado, 600 minutos de Super Transcritor e templates personalizados.',
  noticeFreeAction: 'Assinar Premium',
} as const;

/** Shown when GET /api/marketing-messages fails (sign-up for visitors, premium for free users). */
export const FallbackPromotions = {
  signup: [
    {
      id: 'fallback-signup-1',
      title: 'Crie sua conta gratuita',
      message:
        'Cadastre-se em segundos e acompanhe o seu uso, salve seus dados profissionais e use o Super Transcritor.',
    },
    {
      id: 'fallback-signup-2',
      title: 'Mais precisão na transcrição',
      message:
        'Usuários cadastrados têm acesso ao Super Transcritor e aos modos SUPER-IA e IA-ALTERNATIVA.',
    },
  ],
  premium: [
    {
      id: 'fallback-premium-1',
      title: 'Conheça o Premium',
      message: 'Transcrições, formatações e PDFs ilimitados por apenas R$ 29,90 por mês.',
    },
    {
      id: 'fallback-premium-2',
      title: 'Templates personalizados',
      message:
        'Com o Premium você cria seus próprios templates de prontuário e tem 600 minutos de Super Transcritor por mês.',
    },
  ],
} as const;

/** The 404 page. */
export const NotFoundStrings = {
  code: '404',
  title: 'Página não encontrada',
  text: 'O endereço que você acessou não existe ou foi removido.',
  backHome: 'Voltar ao Início',
} as const;
