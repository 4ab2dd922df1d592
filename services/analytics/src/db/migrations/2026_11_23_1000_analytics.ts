import { type Kysely, sql } from 'kysely';

// Frozen in time: later changes get a new migration file.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('ip_address', sql`inet`, (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('app', 'text', (c) => c.notNull().check(sql`app IN ('workspace', 'admin')`))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text')
    .execute();
  // Visitor tracking reads the newest rows; the purge deletes the oldest.
  await sql`CREATE INDEX page_views_by_time ON page_views (occurred_at)`.execute(db);

  await db.schema
    .createTable('daily_visitors')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('ip_address', sql`inet`, (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_visitors_pk', ['day', 'ip_address'])
    .execute();

  await db.schema
    .createTable('page_views_daily')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('page_views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unique_visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('ai_usage_daily')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost_usd', 'numeric(18, 6)', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('analytics_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'boolean', (c) => c.notNull())
    .addColumn('is_premium', 'boolean', (c) => c.notNull())
    .addColumn('user_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX analytics_users_newest ON analytics_users (created_at DESC, id)`.execute(
    db,
  );

  await db.schema
    .createTable('user_logins')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .addColumn('last_login_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('marketing_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('signup', 'premium')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX marketing_messages_shown ON marketing_messages (type, display_order, created_at) WHERE is_active`.execute(
    db,
  );

  // The workspace rotates these promotions: a fresh install shows something sensible
  // until an admin writes its own in the Mensagens tab.
  await sql`
    INSERT INTO marketing_messages (type, title, message, display_order, created_at, updated_at)
    VALUES
      ('signup', 'Crie sua conta gratuita',
       'Cadastre-se para salvar seus templates, acompanhar seu uso e acessar o SUPER-IA e a IA-ALTERNATIVA.',
       0, now(), now()),
      ('signup', 'Seu prontuário em minutos',
       'Dite a consulta e receba a nota clínica estruturada da sua especialidade. Entre ou cadastre-se para aproveitar todos os recursos.',
       1, now() + interval '1 millisecond', now() + interval '1 millisecond'),
      ('premium', 'Conheça o Premium',
       'Formatações, PDFs e templates personalizados sem limites por R$ 29,90 por mês.',
       0, now(), now()),
      ('premium', 'Mais tempo de Super Transcritor',
       'No Premium você tem 600 minutos por mês de transcrição avançada, em vez de 60.',
       1, now() + interval '1 millisecond', now() + interval '1 millisecond')
  `.execute(db);
}

/** No `down`, on purpose (test: tools/stack/test/migrations.test.ts). */
export const irreversible =
  "The service's first schema: undoing it would drop all of its data. Roll back by restoring the database from its backup (docs/RELIABILITY.md), never by a down migration.";
