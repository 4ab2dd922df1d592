#!/bin/sh
# Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
# Run by the postgres image once, when its data volume is first created. For a volume made before
# the per-service roles existed, run it again by hand (it is idempotent):
#   docker-compose exec postgres sh /docker-entrypoint-initdb.d/10-roles.sh
set -eu
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v auth_password="${PG_PASSWORD_AUTH:?set PG_PASSWORD_AUTH}" \
  -v formatting_password="${PG_PASSWORD_FORMATTING:?set PG_PASSWORD_FORMATTING}" \
  -v documents_password="${PG_PASSWORD_DOCUMENTS:?set PG_PASSWORD_DOCUMENTS}" \
  -v billing_password="${PG_PASSWORD_BILLING:?set PG_PASSWORD_BILLING}" \
  -v support_password="${PG_PASSWORD_SUPPORT:?set PG_PASSWORD_SUPPORT}" \
  -v vault_password="${PG_PASSWORD_VAULT:?set PG_PASSWORD_VAULT}" \
  -v analytics_password="${PG_PASSWORD_ANALYTICS:?set PG_PASSWORD_ANALYTICS}" \
  -f /etc/pv/roles.sql
