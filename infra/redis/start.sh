#!/bin/sh
# Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
# Redis with one ACL user per process (its own keys only) and the append-only file on, so that
# queued jobs and sessions survive a restart. The passwords come from the environment.
set -eu
umask 077
cat > /tmp/users.acl <<ACL
user default on nopass resetkeys resetchannels -@all +ping
user gateway on >${REDIS_PASSWORD_GATEWAY:?set REDIS_PASSWORD_GATEWAY} resetkeys resetchannels ~pv:gateway:* +@all -@admin -@dangerous +info
user auth on >${REDIS_PASSWORD_AUTH:?set REDIS_PASSWORD_AUTH} resetkeys resetchannels ~pv:auth:* ~pv:session:* ~pv:user-sessions:* +@all -@admin -@dangerous +info
user formatting on >${REDIS_PASSWORD_FORMATTING:?set REDIS_PASSWORD_FORMATTING} resetkeys resetchannels ~pv:formatting:* ~bull:formatting:* %R~pv:session:* +@all -@admin -@dangerous +info +client|list
user formatting-worker on >${REDIS_PASSWORD_FORMATTING_WORKER:?set REDIS_PASSWORD_FORMATTING_WORKER} resetkeys resetchannels ~bull:formatting:* +@all -@admin -@dangerous +info
user documents on >${REDIS_PASSWORD_DOCUMENTS:?set REDIS_PASSWORD_DOCUMENTS} resetkeys resetchannels ~bull:pdf:* ~pv:documents:* %R~pv:session:* +@all -@admin -@dangerous +info +client|list
user pdf-worker on >${REDIS_PASSWORD_PDF_WORKER:?set REDIS_PASSWORD_PDF_WORKER} resetkeys resetchannels ~bull:pdf:* +@all -@admin -@dangerous +info
user billing on >${REDIS_PASSWORD_BILLING:?set REDIS_PASSWORD_BILLING} resetkeys resetchannels %R~pv:session:* +@all -@admin -@dangerous +info
user support on >${REDIS_PASSWORD_SUPPORT:?set REDIS_PASSWORD_SUPPORT} resetkeys resetchannels ~pv:support:* %R~pv:session:* +@all -@admin -@dangerous +info
user vault on >${REDIS_PASSWORD_VAULT:?set REDIS_PASSWORD_VAULT} resetkeys resetchannels ~pv:vault:* %R~pv:session:* +@all -@admin -@dangerous +info
user analytics on >${REDIS_PASSWORD_ANALYTICS:?set REDIS_PASSWORD_ANALYTICS} resetkeys resetchannels ~pv:analytics:* %R~pv:session:* +@all -@admin -@dangerous +info
${REDIS_PASSWORD_KEDA:+user keda on >${REDIS_PASSWORD_KEDA} resetkeys resetchannels %R~bull:formatting:* %R~bull:pdf:* -@all +@connection -@admin -@dangerous +llen}
ACL
exec redis-server --appendonly yes --appendfsync everysec --dir /data --aclfile /tmp/users.acl
