#!/bin/sh
# Generated from tools/stack/src/catalog (npm run infra:generate); do not edit.
# Redis with one ACL user per process (its own keys only) and the append-only file on, so that
# queued jobs and sessions survive a restart. The passwords come from the environment.
set -eu
umask 077
cat > /tmp/users.acl <<ACL
user default on nopass resetkeys resetchannels -@all +ping
user gateway on >${REDIS_PASSWORD_GATEWAY:?set REDIS_PASSWORD_GATEWAY} resetkeys resetchannels ~pv:gateway:* +@all -@admin -@dangerous +info
user auth on >${REDIS_PASSWORD_AUTH:?set REDIS_PASSWORD_AUTH} resetkeys resetchannels ~pv:auth:* ~pv:session:* ~pv:user-sessions:* ~pv:session-seen:* +@all -@admin -@dangerous +info
user formatting on >${REDIS_PASSWORD_FORMATTING:?set REDIS_PASSWORD_FORMATTING} resetkeys resetchannels ~pv:formatting:* ~bull:formatting:* ~pv:session-seen:* %R~pv:session:* +@all -@admin -@dangerous +info +client|list
user formatting-worker on >${REDIS_PASSWORD_FORMATTING_WORKER:?set REDIS_PASSWORD_FORMATTING_WORKER} resetkeys resetchannels ~bull:formatting:* +@all -@admin -@dangerous +info
user documents on >${REDIS_PASSWORD_DOCUMENTS:?set REDIS_PASSWORD_DOCUMENTS} resetkeys resetchannels ~pv:documents:* ~bull:pdf:* ~pv:session-seen:* %R~pv:session:* +@all -@admin -@dangerous +info +client|list
user pdf-worker on >${REDIS_PASSWORD_PDF_WORKER:?set REDIS_PASSWORD_PDF_WORKER} resetkeys resetchannels ~bull:pdf:* +@all -@admin -@dangerous +info
user billing on >${REDIS_PASSWORD_BILLING:?set REDIS_PASSWORD_BILLING} resetkeys resetchannels ~pv:billing:* ~pv:session-seen:* %R~pv:session:* +@all -@admin -@dangerous +info
user support on >${REDIS_PASSWORD_SUPPORT:?set REDIS_PASSWORD_SUPPORT} resetkeys resetchannels ~pv:support:* ~pv:session-seen:* %R~pv:session:* +@all -@admin -@dangerous +info
user vault on >${REDIS_PASSWORD_VAULT:?set REDIS_PASSWORD_VAULT} resetkeys resetchannels ~pv:vault:* ~pv:session-seen:* %R~pv:session:* +@all -@admin -@dangerous +info
user analytics on >${REDIS_PASSWORD_ANALYTICS:?set REDIS_PASSWORD_ANALYTICS} resetkeys resetchannels ~pv:analytics:* ~pv:session-seen:* %R~pv:session:* +@all -@admin -@dangerous +info
${REDIS_PASSWORD_KEDA:+user keda on >${REDIS_PASSWORD_KEDA} resetkeys resetchannels %R~bull:formatting:* %R~bull:pdf:* -@all +@connection -@admin -@dangerous +llen}
ACL
# REDIS_TLS_DIR (Kubernetes: the mounted pv-redis-tls Secret) serves TLS only on 6379, replication
# included: tls.crt, tls.key and ca.crt of the internal CA (docs/transport-security.md).
if [ -n "${REDIS_TLS_DIR:-}" ]; then
  set -- --port 0 --tls-port 6379 --tls-replication yes --tls-auth-clients no \
    --tls-cert-file "$REDIS_TLS_DIR/tls.crt" --tls-key-file "$REDIS_TLS_DIR/tls.key" \
    --tls-ca-cert-file "$REDIS_TLS_DIR/ca.crt"
fi
exec redis-server --appendonly yes --appendfsync everysec --dir /data --aclfile /tmp/users.acl "$@"
