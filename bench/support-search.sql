-- The support queue's text search with and without the pg_trgm indexes (issue 17).
-- Run: psql -h 127.0.0.1 -U postgres -c 'CREATE DATABASE bench_support' &&
--      psql -h 127.0.0.1 -U postgres -d bench_support -f bench/support-search.sql
-- Seeds 200,000 tickets shaped like the service's table, then times the admin list's query
-- (one page of 50, newest first, and its count) for a rare word, before and after the indexes.
\timing off
DROP TABLE IF EXISTS support_tickets;
CREATE TABLE support_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subject text NOT NULL, description text NOT NULL,
  contact_email text NOT NULL, contact_name text,
  created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO support_tickets (subject, description, contact_email, contact_name, created_at)
SELECT 'Assunto ' || md5(i::text), repeat('texto do ticket ' || md5((i * 7)::text) || ' ', 8),
       'pessoa' || i || '@exemplo.test', CASE WHEN i % 3 = 0 THEN NULL ELSE 'Nome ' || i END,
       now() - (i || ' minutes')::interval
FROM generate_series(1, 200000) AS i;
CREATE INDEX support_tickets_newest ON support_tickets (created_at DESC);
ANALYZE support_tickets;
\echo 'without trigram indexes'
\timing on
SELECT count(*) FROM support_tickets WHERE subject ILIKE '%pessoa4242@%' OR description ILIKE '%pessoa4242@%' OR contact_email ILIKE '%pessoa4242@%' OR contact_name ILIKE '%pessoa4242@%';
SELECT id FROM support_tickets WHERE subject ILIKE '%pessoa4242@%' OR description ILIKE '%pessoa4242@%' OR contact_email ILIKE '%pessoa4242@%' OR contact_name ILIKE '%pessoa4242@%' ORDER BY created_at DESC, id LIMIT 50;
\timing off
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX support_tickets_subject_trgm ON support_tickets USING gin (subject gin_trgm_ops);
CREATE INDEX support_tickets_description_trgm ON support_tickets USING gin (description gin_trgm_ops);
CREATE INDEX support_tickets_contact_email_trgm ON support_tickets USING gin (contact_email gin_trgm_ops);
CREATE INDEX support_tickets_contact_name_trgm ON support_tickets USING gin (contact_name gin_trgm_ops);
ANALYZE support_tickets;
\echo 'with trigram indexes'
\timing on
SELECT count(*) FROM support_tickets WHERE subject ILIKE '%pessoa4242@%' OR description ILIKE '%pessoa4242@%' OR contact_email ILIKE '%pessoa4242@%' OR contact_name ILIKE '%pessoa4242@%';
SELECT id FROM support_tickets WHERE subject ILIKE '%pessoa4242@%' OR description ILIKE '%pessoa4242@%' OR contact_email ILIKE '%pessoa4242@%' OR contact_name ILIKE '%pessoa4242@%' ORDER BY created_at DESC, id LIMIT 50;
