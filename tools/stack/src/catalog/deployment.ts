// Where the product runs beside its processes (catalog.ts): hosts, namespaces, the data servers,
// the registry, the proxies in front and the development tools `npm start` adds.

/**
 * Development tools `npm start` runs beside the product (never in compose or Kubernetes): the
 * mail catcher (MailDev) takes auth's mail on `smtpPort` and shows it, web UI and REST API
 * (`GET /api/email`), on `webPort`. Skipped when SMTP_URL is set (mail goes to that server instead).
 */
export const DEV_TOOLS = {
  mailCatcher: { name: 'maildev', webPort: 1080, smtpPort: 1025 },
} as const;

/** Where the product is reached and what it reaches outside its own processes. */
export const DEPLOYMENT = {
  namespace: 'prontuario-voz',
  hosts: { workspace: 'app.example.com', admin: 'admin.example.com' },
  /** Paths served only on the admin host (the workspace host redirects them there). */
  adminPaths: ['/admin', '/api/admin'],
  /** Paths the admin host serves besides its own: the console's API calls and its login. */
  adminHostAlsoServes: ['/api', '/auth'],
  /** Namespace of the Gateway API implementation's proxies (Envoy Gateway's default). */
  edgeNamespace: 'envoy-gateway-system',
  /**
   * Namespace whose Prometheus scrapes /metrics, and where the OpenTelemetry collector takes
   * traces (OTLP/HTTP on `ports.otlpHttp`) when OTEL_EXPORTER_OTLP_ENDPOINT points at it.
   */
  monitoringNamespace: 'monitoring',
  /** Namespace where Postgres, Redis and NATS run in the cluster (operators or Helm releases). */
  dataNamespace: 'pv-data',
  ports: { postgres: 5432, redis: 6379, nats: 4222, otlpHttp: 4318 },
  /** In-cluster names of the data servers (compose uses postgres, redis, nats). */
  dataHosts: {
    postgres: 'pv-postgres-rw.pv-data.svc',
    redis: 'pv-redis.pv-data.svc',
    nats: 'pv-nats.pv-data.svc',
  },
  images: 'registry.example.com/prontuario-voz',
  /** JetStream replicas of the event stream in a cluster (NATS_STREAM_REPLICAS). */
  streamReplicas: 3,
} as const;

/**
 * TRUST_PROXY per setup. A service is always one hop behind the gateway, so it trusts the
 * gateway's hops plus the gateway itself: with a hop count, Fastify takes the address that many
 * entries from the right of X-Forwarded-For, which is the client the first trusted proxy saw.
 */
export const TRUST_PROXY = {
  /** Kubernetes: the Gateway API proxy (Envoy, Cilium, Istio) is one hop in front of the gateway. */
  k8s: { gateway: '1', services: '2' },
  /** Compose: the gateway's published port is the edge (set both +1 behind a TLS proxy). */
  compose: { gateway: '0', services: '1' },
} as const;
