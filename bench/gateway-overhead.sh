#!/usr/bin/env sh
# Gateway overhead benchmark: GET /auth/user directly vs through the gateway, one Markdown table.
# The script lives in services/gateway/bench/ so it resolves autocannon and the kit from the
# gateway package; this wrapper only runs it from the repo root. See that file for the tunables.
set -eu
cd "$(dirname "$0")/.."
exec node --import tsx services/gateway/bench/gateway-overhead.ts "$@"
