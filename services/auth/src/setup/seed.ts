import { rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { enqueueEvent } from '@pv/service-kit/events';
import { isUniqueViolation } from '@pv/service-kit/runtime';
import type { Logger } from 'pino';
import type { AuthKysely } from '../db/schema.js';
import { seedSecret } from '../staff-mfa/second-factor.repository.js';
import { findActiveTerms, insertTerms, listTerms } from '../terms/terms.repository.js';
import { normalizeEmail } from '../users/email.js';
import {
  hashPassword,
  passwordProblem,
  personalWords,
  temporaryPassword,
} from '../users/passwords.js';
import { toChangedUser } from '../users/user.mapper.js';
import { anyAdminExists, findUserByEmail, insertUser } from '../users/user.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@prontuario.local';

const INITIAL_TERMS = {
  version: '1.0',
  title: 'Termos de Uso e Política de Privacidade',
  content: [
    '1. Objeto. A plataforma transcreve ditados de atendimentos e, com auxílio de inteligência artificial, organiza o texto em notas clínicas e documentos. O conteúdo gerado é uma sugestão: o profissional revisa, corrige e assina tudo o que utilizar, e permanece o único responsável pelas decisões clínicas.',
    '2. Cadastro. Você declara ser profissional habilitado na área informada e mantém seus dados de acesso em sigilo. Avise o suporte se suspeitar de uso indevido da sua conta.',
    '3. Dados pessoais (LGPD). Dados de saúde são dados pessoais sensíveis. Tratamos o texto ditado somente para prestar o serviço solicitado. Um arquivo de transcrições pseudonimizadas, das quais nome, documentos, contatos e endereço do paciente são removidos automaticamente, pode ser mantido para melhoria do serviço. Você pode solicitar acesso, correção ou exclusão dos seus dados pelo formulário de suporte.',
    '4. Sigilo profissional. Informe ao paciente o uso da ferramenta conforme o código de ética da sua profissão e não insira dados além do necessário ao atendimento.',
    '5. Plano Premium. A assinatura é mensal, renovada automaticamente e pode ser cancelada a qualquer momento, valendo até o fim do período pago.',
    '6. Alterações. Novas versões destes termos serão apresentadas para aceite antes de valerem para você.',
  ].join('\n\n'),
};

/**
 * Seeds what a fresh installation needs: the first terms version and the first admin. The admin
 * comes from ADMIN_EMAIL/ADMIN_PASSWORD (which must pass the users' strength rule); without a
 * password one is generated and written to `passwordFile` (mode 0600: the operator's alone), whose
 * path - never the password - is printed. ADMIN_TOTP_SECRET seeds the admin's authenticator.
 * Safe to run on every start and from several replicas.
 */
export async function seed(
  db: AuthKysely,
  options: {
    adminEmail?: string;
    adminPassword?: string;
    adminTotpSecret?: string;
    /** Seals the seeded secret at rest (TOTP_SECRET_KEY); stored as given without it. */
    totpSecrets?: { seal(userId: string, secret: string): string };
    /** Where a generated password goes (default: first-admin-password.txt in the working directory). */
    passwordFile?: string;
    log: Logger;
    print?: (line: string) => void;
  },
): Promise<void> {
  if (options.adminPassword !== undefined) {
    const problem = passwordProblem(
      options.adminPassword,
      personalWords({ email: options.adminEmail }),
    );
    if (problem) throw new Error(`ADMIN_PASSWORD is too weak: ${problem}`);
  }
  if ((await listTerms(db)).length === 0 && !(await findActiveTerms(db))) {
    await insertTerms(db, { ...INITIAL_TERMS, isActive: true, effectiveDate: new Date() }).catch(
      () => undefined,
    );
  }

  const email = normalizeEmail(options.adminEmail ?? '');
  const wanted = email || (!(await anyAdminExists(db)) ? DEFAULT_ADMIN_EMAIL : '');
  await createFirstAdmin(db, wanted, options);
  if (options.adminTotpSecret) {
    const admin = await findUserByEmail(db, email || DEFAULT_ADMIN_EMAIL);
    if (admin?.is_admin) {
      const stored = options.totpSecrets?.seal(admin.id, options.adminTotpSecret);
      await seedSecret(db, admin.id, stored ?? options.adminTotpSecret);
    }
  }
}

async function createFirstAdmin(
  db: AuthKysely,
  wanted: string,
  options: Parameters<typeof seed>[1],
): Promise<void> {
  if (!wanted || (await findUserByEmail(db, wanted))) return;

  const generated = options.adminPassword ? undefined : temporaryPassword();
  const password = options.adminPassword ?? generated!;
  const passwordHash = await hashPassword(password);
  await db
    .transaction()
    .execute(async (trx) => {
      const row = await insertUser(trx, {
        email: wanted,
        password_hash: passwordHash,
        first_name: 'Administrador',
        last_name: '',
        full_name: 'Administrador',
        is_admin: true,
        must_change_password: generated !== undefined,
        // The operator chose this address (ADMIN_EMAIL): it counts as confirmed (docs/email.md).
        email_verified_at: new Date(),
      });
      await enqueueEvent(trx, 'auth.user.changed.v1', {
        change: 'registered',
        user: toChangedUser(row),
      });
    })
    .catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error; // otherwise another replica seeded it
    });
  options.log.info({ email: wanted }, 'first admin created');
  if (generated) {
    const file = resolve(options.passwordFile ?? 'first-admin-password.txt');
    // 0600 from creation (no window where another user could read it); replaced if left over.
    await rm(file, { force: true });
    await writeFile(file, `${wanted}\n${generated}\n`, { mode: 0o600, flag: 'wx' });
    const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print('');
    print(`  First admin account: ${wanted}`);
    print(`  Its password is in ${file} (readable only by you; delete it after the first login,`);
    print('  where you change the password and enrol the authenticator app).');
    print('');
  }
}
