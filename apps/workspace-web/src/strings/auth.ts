import { STRONG_PASSWORD_PATTERN } from '@pv/contracts/constants';

/** pt-BR texts of /auth, /auth/login, /auth/register and the forced password change. */
export const AuthStrings = {
  // Issue 23 item 6: why the change comes first, and what the session is until then.
  mustChangeReason:
    'Sua senha foi definida por outra pessoa (um administrador a redefiniu ou criou sua conta). Até você criar a sua, esta sessão funciona como a de um visitante: seus modelos, documentos, arquivo e tickets ficam fora de alcance.',
  tabLogin: 'Entrar',
  tabRegister: 'Cadastrar',
  tabsLabel: 'Entrar ou cadastrar',
  pageTitle: 'Acesse sua conta',
  loginTitle: 'Entrar',
  registerTitle: 'Criar conta',
  email: 'Email',
  password: 'Senha',
  confirmPassword: 'Confirmar senha',
  fullName: 'Nome completo',
  firstName: 'Nome',
  lastName: 'Sobrenome',
  loginButton: 'Entrar',
  registerButton: 'Criar conta',
  submitting: 'Aguarde...',
  noAccount: 'Não tem conta? Cadastre-se',
  // /auth/login opened by someone already signed in (the notice card's action)
  signedInAs: (email: string) => `Você já entrou como ${email}.`,
  signedInFreeText:
    'Sua conta está no plano gratuito. Assine o Premium para uso ilimitado, 600 minutos de Super Transcritor e templates personalizados.',
  signedInPremiumText: 'Sua conta já é Premium.',
  subscribePremium: 'Assinar Premium',
  otherAccount: 'Entrar com outra conta',
  haveAccount: 'Já tem conta? Entre',
  acceptTerms: 'Li e aceito os termos de uso',
  viewTerms: 'Ler os termos de uso',
  termsLoading: 'Carregando os termos de uso...',
  termsVersion: (version: string, date: string) => `Versão ${version}, em vigor desde ${date}`,
  close: 'Fechar',
  backHome: 'Voltar ao Início',
  // validation (the login messages are ours, the spec only says what is checked)
  loginRequired: 'Informe o email e a senha.',
  invalidEmail: 'Informe um email válido.',
  registerRequired: 'Preencha nome, sobrenome, email e senha para criar sua conta.',
  combinedRequired: 'Preencha nome completo, email e senha para criar sua conta.',
  termsMustBeAccepted: 'Você deve aceitar os termos de uso para criar uma conta',
  termsNotLoaded: 'Não foi possível carregar os termos de uso. Tente novamente.',
  passwordsDoNotMatch: 'As senhas não coincidem',
  // results
  loginSuccessTitle: 'Login realizado com sucesso',
  loginSuccess: 'Bem-vindo(a) de volta!',
  registerSuccessTitle: 'Conta criada com sucesso',
  registerSuccess: 'Bem-vindo(a) ao Prontuário por Voz!',
  loginError: 'Erro no login',
  invalidCredentials: 'Email ou senha inválidos',
  connectionError: 'Erro de conexão. Tente novamente.',
  signupErrorTitle: 'Erro no cadastro',
  signupError: 'Erro ao criar conta',
  // sign-up and profile (the forced change's texts live in the web kit)
  passwordPolicy: 'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
  logout: 'Sair',
} as const;

/**
 * Forced change and admin reset: 8+ characters with a letter, a digit and a symbol.
 * Self-registration takes it too since issue 15 (the spec's 6-character sign-up rule was weaker
 * than the server now accepts).
 */
export const STRONG_PASSWORD = new RegExp(STRONG_PASSWORD_PATTERN);
/** Redirect after login or sign-up (1 s on /auth, 1.5 s on the simple pages). */
export const REDIRECT_DELAY_MS = 1_000;
export const SIMPLE_REDIRECT_DELAY_MS = 1_500;

// Linear: the lookahead rules out a second '@' once (the plain form re-scanned from every dot).
const EMAIL = /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
