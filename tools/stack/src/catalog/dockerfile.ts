// infra/Dockerfile from the catalog: one target per process, each a bundle of its own code plus the
// production dependencies of its service, on a supported Node LTS, running as the `node` user.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../paths.js';
import { type CatalogProcess, PROCESSES } from './catalog.js';
import { GENERATED_NOTE } from './yaml.js';

/**
 * The project's Node, written once in `.nvmrc` (the bootstrap runs `npm start` and `npm test` under
 * it): Node 24, the active LTS line (supported to April 2028); 20 reached its end of life in April 2026.
 */
export const NODE_VERSION = readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8')
  .trim()
  .replace(/^v/, '');

/** The images run exactly the Node that the tests ran under. */
export const NODE_IMAGE = `node:${NODE_VERSION}-bookworm-slim`;

function target(proc: CatalogProcess): string {
  const isGateway = proc.name === 'gateway';
  const lines = [
    `# ${proc.name}: ${proc.summary}`,
    `FROM source AS build-${proc.name}`,
    `RUN node tools/stack/src/catalog/bundle.mjs ${proc.entry} /out/dist/main.mjs \\`,
    ` && pnpm deploy --filter @pv/${proc.service} --prod --legacy --config.node-linker=hoisted /deploy \\`,
    ' && mv /deploy/node_modules /out/node_modules',
    '',
    `FROM runtime AS ${proc.name}`,
    `COPY --from=build-${proc.name} /out/ /app/`,
  ];
  if (isGateway) lines.push('COPY --from=web /web/ /app/web/');
  if (proc.kind === 'server') lines.push(`ENV PORT=${proc.port}`, `EXPOSE ${proc.port}`);
  else
    lines.push(
      '# A worker serves only its probes (/health, /ready: serveWorkerHealth) on HEALTH_PORT.',
      `ENV HEALTH_PORT=${proc.port}`,
      `EXPOSE ${proc.port}`,
    );
  lines.push('CMD ["node", "--enable-source-maps", "/app/dist/main.mjs"]', '');
  return lines.join('\n');
}

export function renderDockerfile(): string {
  return `# ${GENERATED_NOTE}
# One image per process; pick one with --target:
#   docker build -f infra/Dockerfile --target auth -t pv/auth .
# Each target holds one bundled entry file (its service's TypeScript and the workspace packages it
# imports, compiled by esbuild) and the production dependencies of its service, nothing else: no
# dev dependencies, no sources, no compiler at run time. Root-owned files, run as \`node\`, so the
# root filesystem can be mounted read-only.

ARG NODE_IMAGE=${NODE_IMAGE}

FROM \${NODE_IMAGE} AS base
# corepack would fetch its own pnpm and check registry signatures a mirror may not serve.
RUN corepack disable \\
 && npm install -g pnpm@10.34.9 \\
 && npm cache clean --force
ENV CI=true
WORKDIR /src

# The build context without anything that must not reach an image, whatever .dockerignore says
# (a host node_modules would shadow the one installed for Linux below).
FROM base AS tree
COPY . /tree
RUN cd /tree \\
 && find . -name node_modules -type d -prune -exec rm -rf {} + \\
 && rm -rf .git .data .turbo coverage test-results apps/*/dist backups

# Only the lockfile and manifests, so that the install layer stays cached across source edits.
FROM base AS manifests
COPY --from=tree /tree /tree
RUN mkdir /manifests \\
 && cd /tree \\
 && cp pnpm-lock.yaml pnpm-workspace.yaml /manifests/ \\
 && find . -name package.json -exec cp --parents {} /manifests/ \\;

# Everything, dev dependencies included: esbuild and vite build here and never reach a runtime image.
FROM base AS deps
COPY --from=manifests /manifests/ ./
RUN pnpm install --frozen-lockfile

FROM deps AS source
COPY --from=tree /tree/ ./

# The SPAs, served by the gateway. Apps without a build script are skipped.
# VITE_WORKSPACE_URL: the workspace's origin, where the console's 'Voltar ao App' goes from the
# admin host (--build-arg VITE_WORKSPACE_URL=https://app.example.com); empty: \`/\`.
FROM source AS web
ARG VITE_WORKSPACE_URL=
RUN pnpm -r --filter "./apps/*" --if-present run build \\
 && mkdir -p /web \\
 && for app in workspace-web admin-web; do \\
      if [ -f "apps/$app/dist/index.html" ]; then cp -r "apps/$app/dist" "/web/$app"; fi; \\
    done

FROM \${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \\
    HOST=0.0.0.0
WORKDIR /app
USER node

${PROCESSES.map(target).join('\n')}`;
}
