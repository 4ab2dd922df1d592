// Variables no config schema reads, for the README's configuration table (./config-table.ts):
// the ones the kit reads for every process outside its schema, the start and test commands' own,
// and the SPAs' build-time ones. A variable a service reads belongs in its config schema instead.

/** One row of the configuration table. */
export interface Variable {
  name: string;
  /** As shown: a value in backticks, `unset`, `required` or a phrase. */
  default: string;
  description: string;
}

export const OTHER_VARIABLES: (Variable & { section: string })[] = [
  {
    section: 'Every service',
    name: 'NATS_STREAM_REPLICAS',
    default: '`1` (`3` in `infra/k8s`)',
    description: 'JetStream replicas of the event stream when a service creates it (1 to 5).',
  },
  {
    section: 'Every service',
    name: 'SHUTDOWN_GRACE_MS',
    default: '`120000`',
    description:
      'How long a process drains after SIGTERM: servers finish the requests in flight, workers their jobs, consumers their messages.',
  },
  {
    section: 'Every service',
    name: 'PHI_STREAM_MAX_AGE_HOURS',
    default: '`6`',
    description:
      'How long the restricted stream `PV_PHI` (patient text, read only by the vault) keeps a message; above 0, at most 168.',
  },
  {
    section: 'Every service',
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset: no tracing (nothing of the SDK loaded)',
    description:
      'OpenTelemetry traces on, sent over OTLP/HTTP to this collector (`<url>/v1/traces`); docs/observability.md.',
  },
  {
    section: 'Every service',
    name: 'OTEL_TRACES_EXPORTER',
    default: 'unset',
    description: '`otlp` or `console` also turns traces on; `none` keeps them off.',
  },
  {
    section: 'Every service',
    name: 'OTEL_SDK_DISABLED',
    default: 'unset',
    description: '`true`: no traces whatever else is set.',
  },
  {
    section: 'Every service',
    name: 'OTEL_SERVICE_NAME',
    default: 'the process name (`formatting`, `formatting-worker`, ...)',
    description:
      '`service.name` of the spans; the other standard `OTEL_*` variables (headers, sampler) are read by the SDK.',
  },
  {
    section: 'The start and test commands',
    name: 'PV_FORCE_PRIVATE_INFRA',
    default: 'unset',
    description:
      '`1`: skip the standard ports and start private Postgres/Redis/NATS under `.data/`.',
  },
  {
    section: 'The start and test commands',
    name: 'PV_NO_APT',
    default: 'unset',
    description: '`1`: never `apt-get install` missing servers.',
  },
  {
    section: 'The start and test commands',
    name: 'PV_SKIP_INSTALL',
    default: 'unset',
    description: '`1`: skip `pnpm install` (already installed).',
  },
  {
    section: 'The start and test commands',
    name: 'PV_TEST_TIME_SCALE',
    default: '`1`',
    description:
      '1 to 20: multiplies `eventually` waits and test/hook timeouts (a loaded CI sets 2 or 3).',
  },
  {
    section: 'The start and test commands',
    name: 'MAILDEV_WEB_PORT, MAILDEV_SMTP_PORT',
    default: "`1080`, `1025` (the browser suites' stack: free ports of the run)",
    description: "Where `npm start`'s mail catcher listens (not started when `SMTP_URL` is set).",
  },
  {
    section: 'The start and test commands',
    name: 'E2E_MAIL_URL',
    default: 'unset',
    description:
      "With `E2E_BASE_URL`: that stack's MailDev, where the suites read confirmation links.",
  },
  {
    section: 'The start and test commands',
    name: 'LISTEN_REUSE_PORT',
    default: '`false` (`true` for every process `npm start` runs on Linux)',
    description:
      'Bind the ports with SO_REUSEPORT, so that a roll of `npm start` (`kill -USR2 <its pid>`) starts each replacement beside the old process and stops the old one once the new one is ready.',
  },
  {
    section: 'The start and test commands',
    name: 'PV_READY_TIMEOUT_MS',
    default: '`90000`',
    description:
      'How long every process has to answer `/ready` before the start fails (raise it on a loaded machine).',
  },
  {
    section: 'The start and test commands',
    name: 'NATS_SERVER_BIN',
    default: 'found on `PATH` or `/usr/sbin`',
    description: 'The `nats-server` the outbox tests stop and restart.',
  },
  {
    section: 'The start and test commands',
    name: 'UPDATE_OPENAPI',
    default: 'unset',
    description:
      '`1`: rewrite `docs/api/*.openapi.json` from the running services during the tests.',
  },
  {
    section: 'The start and test commands',
    name: 'UPDATE_ASYNCAPI',
    default: 'unset',
    description: '`1`: rewrite the AsyncAPI document of the events during the contracts tests.',
  },
  {
    section: 'The start and test commands',
    name: 'CHROMIUM_PATH',
    default: '`/usr/bin/chromium`',
    description:
      "Chromium for the browser tests; when missing, `npm test` installs Debian's `chromium` with apt-get (as root, unless `PV_NO_APT`).",
  },
  {
    section: 'The start and test commands',
    name: 'E2E_BASE_URL',
    default: 'unset',
    description: 'Run the browser suites against this running stack instead of starting one.',
  },
  {
    section: 'The start and test commands',
    name: 'E2E_ADMIN_EMAIL',
    default: '`ADMIN_EMAIL`, else `admin.e2e@prontuario.test`',
    description: 'The admin the browser suites sign in as (with `E2E_BASE_URL`).',
  },
  {
    section: 'The start and test commands',
    name: 'E2E_ADMIN_PASSWORD',
    default: '`ADMIN_PASSWORD`, else `E2e-Admin-2026!`',
    description: "That admin's password.",
  },
  {
    section: 'The start and test commands',
    name: 'E2E_ADMIN_TOTP_SECRET',
    default: "`ADMIN_TOTP_SECRET`, else the kit's `TEST_ADMIN_TOTP_SECRET`",
    description:
      "That admin's authenticator secret: the suites compute the console's code from it.",
  },
  {
    section: 'The start and test commands',
    name: 'E2E_PORT',
    default: '`18080`',
    description: 'Gateway port of the stack the browser suites start (another free one if taken).',
  },
  {
    section: 'The start and test commands',
    name: 'E2E_START_TIMEOUT_MS',
    default: '`300000`',
    description: 'How long that stack may take to build the SPAs and become ready.',
  },
  {
    section: 'The start and test commands',
    name: 'E2E_LOG_LEVEL',
    default: "the services' default",
    description: '`LOG_LEVEL` of that stack (its output goes to `.data/e2e/logs/`).',
  },
  {
    section: 'The SPAs (build time)',
    name: 'VITE_API_BASE_URL',
    default: 'empty (same origin)',
    description:
      'Admin console: the API origin, when the admin host does not route `/api` and `/auth` itself.',
  },
  {
    section: 'The SPAs (build time)',
    name: 'VITE_WORKSPACE_URL',
    default: 'empty (`/`)',
    description:
      "Admin console: the workspace's origin, where 'Voltar ao App' goes from the admin host (e.g. `https://app.example.com`).",
  },
  {
    section: 'The SPAs (build time)',
    name: 'PV_GATEWAY_URL',
    default: '`http://localhost:8080`',
    description: '`vite` dev servers only: the gateway their `/api` and `/auth/` proxy goes to.',
  },
];
