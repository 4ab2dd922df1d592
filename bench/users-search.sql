-- The console's users search (issue 17) with and without the pg_trgm indexes.
-- Run: psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE bench_c17_users' &&
--      psql -h 127.0.0.1 -U postgres -d bench_c17_users -f bench/users-search.sql
-- Seeds 200,000 users shaped like auth's table (name, email, created_at), then times the admin
-- list's query for a rare fragment (one page of 25, newest first, and its count), before and
-- after the indexes, and a deep page of the unfiltered list.
\timing off
DROP TABLE IF EXISTS users;
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  full_name text NOT NULL, email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO users (full_name, email, created_at)
SELECT 'Pessoa ' || md5(i::text) || ' Silva', 'pessoa' || i || '@clinica.test',
       now() - (i || ' minutes')::interval
FROM generate_series(1, 200000) AS i;
CREATE INDEX users_newest ON users (created_at DESC);
ANALYZE users;
\echo 'without trigram indexes'
\timing on
SELECT count(*) FROM users WHERE full_name ILIKE '%pessoa4242@%' OR email ILIKE '%pessoa4242@%';
SELECT id FROM users WHERE full_name ILIKE '%pessoa4242@%' OR email ILIKE '%pessoa4242@%' ORDER BY created_at DESC, id LIMIT 25;
\timing off
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX users_full_name_trgm ON users USING gin (full_name gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);
ANALYZE users;
\echo 'with trigram indexes'
\timing on
SELECT count(*) FROM users WHERE full_name ILIKE '%pessoa4242@%' OR email ILIKE '%pessoa4242@%';
SELECT id FROM users WHERE full_name ILIKE '%pessoa4242@%' OR email ILIKE '%pessoa4242@%' ORDER BY created_at DESC, id LIMIT 25;
\echo 'unfiltered: count, first page and page 4000 of 25'
SELECT count(*) FROM users;
SELECT id FROM users ORDER BY created_at DESC, id LIMIT 25;
SELECT id FROM users ORDER BY created_at DESC, id OFFSET 99975 LIMIT 25;
\timing off
