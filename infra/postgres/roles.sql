-- Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
-- One role per service, owning only its database. Run with psql as a superuser (or the
-- managed server's admin role), a password per role as a psql variable:
--   psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -v auth_password=... -v formatting_password=... -v documents_password=... -v billing_password=... -v support_password=... -v vault_password=... -v analytics_password=... -f roles.sql
-- Safe to run again: it creates what is missing and resets the passwords (rotation).

-- auth: accounts, sessions, terms and the first admin
SELECT format('CREATE ROLE %I LOGIN', 'auth') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'auth') \gexec
ALTER ROLE "auth" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'auth_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'auth', 'auth') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'auth') \gexec
ALTER DATABASE "auth" OWNER TO "auth";
REVOKE ALL ON DATABASE "auth" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "auth" TO "auth";

-- formatting: formatting API and templates; enqueues LLM work for formatting-worker
SELECT format('CREATE ROLE %I LOGIN', 'formatting') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'formatting') \gexec
ALTER ROLE "formatting" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'formatting_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'formatting', 'formatting') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'formatting') \gexec
ALTER DATABASE "formatting" OWNER TO "formatting";
REVOKE ALL ON DATABASE "formatting" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "formatting" TO "formatting";

-- documents: documents, prescriptions, text extraction; enqueues PDFs for pdf-worker
SELECT format('CREATE ROLE %I LOGIN', 'documents') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'documents') \gexec
ALTER ROLE "documents" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'documents_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'documents', 'documents') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'documents') \gexec
ALTER DATABASE "documents" OWNER TO "documents";
REVOKE ALL ON DATABASE "documents" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "documents" TO "documents";

-- billing: plans, quotas (/internal/quota), Stripe, Soniox keys, usage
SELECT format('CREATE ROLE %I LOGIN', 'billing') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'billing') \gexec
ALTER ROLE "billing" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'billing_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'billing', 'billing') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'billing') \gexec
ALTER DATABASE "billing" OWNER TO "billing";
REVOKE ALL ON DATABASE "billing" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "billing" TO "billing";

-- support: support tickets
SELECT format('CREATE ROLE %I LOGIN', 'support') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'support') \gexec
ALTER ROLE "support" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'support_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'support', 'support') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'support') \gexec
ALTER DATABASE "support" OWNER TO "support";
REVOKE ALL ON DATABASE "support" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "support" TO "support";

-- vault: the transcript vault (pseudonymised archive)
SELECT format('CREATE ROLE %I LOGIN', 'vault') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'vault') \gexec
ALTER ROLE "vault" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'vault_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'vault', 'vault') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'vault') \gexec
ALTER DATABASE "vault" OWNER TO "vault";
REVOKE ALL ON DATABASE "vault" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "vault" TO "vault";

-- analytics: page views, dashboards, marketing messages
SELECT format('CREATE ROLE %I LOGIN', 'analytics') WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'analytics') \gexec
ALTER ROLE "analytics" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'analytics_password';
SELECT format('CREATE DATABASE %I OWNER %I', 'analytics', 'analytics') WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'analytics') \gexec
ALTER DATABASE "analytics" OWNER TO "analytics";
REVOKE ALL ON DATABASE "analytics" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE "analytics" TO "analytics";
