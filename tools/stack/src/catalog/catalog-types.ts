// The shape of the process catalog (catalog.ts): what the catalog says of each process and secret.

/** Who reaches the product from outside the processes (not processes themselves). */
export type ExternalCaller = 'edge' | 'monitoring';

export interface HpaScaling {
  kind: 'hpa';
  min: number;
  max: number;
  /** Average CPU utilisation (of the request) the HPA aims for. */
  cpuPercent: number;
}

export interface KedaScaling {
  kind: 'keda';
  /** The BullMQ queue the worker consumes (its service's *_QUEUE default). */
  queue: string;
  min: number;
  max: number;
  /** Jobs (waiting + active) one replica is meant to carry: its concurrency. */
  jobsPerReplica: number;
}

export interface CatalogProcess {
  name: string;
  /** The folder under services/ whose code it runs. */
  service: string;
  kind: 'server' | 'worker';
  /** Entry file, relative to the repository root. */
  entry: string;
  /**
   * Servers: the port they listen on everywhere. Workers: their internal health port
   * (HEALTH_PORT: /health and /ready for the probes, nothing else); `npm start` also gives each
   * its own PORT so that a stray listener never collides with a service.
   */
  port: number;
  /**
   * A second port for the operators' endpoints (/metrics, /ready/upstreams) when `port` is public:
   * monitoring scrapes it, the edge never reaches it.
   */
  internalPort?: number;
  summary: string;
  /** The Postgres database it owns, through the role of the same name; none: no Postgres. */
  database?: string;
  /** Opens NATS (outbox relay, durable consumers). */
  nats: boolean;
  /** Redis key patterns it reads and writes, and those it only reads (ACL `~` and `%R~`). */
  redisKeys: { readWrite: string[]; readOnly: string[] };
  /** Redis commands beyond its categories (BullMQ producers ask CLIENT LIST for live workers). */
  redisExtraCommands?: string[];
  /** Processes it calls over HTTP (their <SERVICE>_URL is set for it, and only for it). */
  calls: string[];
  /** Settings for compose and Kubernetes that are not secret and not per-environment. */
  env: Record<string, string>;
  /**
   * Optional settings an operator may give it (compose: from the shell or .env; Kubernetes: keys
   * of its Secret). Not secret, but only this process reads them.
   */
  optional: string[];
  /** Secret variables it may hold (besides its own connection URLs). */
  secrets: string[];
  /** Talks to services on the internet over HTTPS (LLM, Stripe, Soniox). */
  internet: boolean;
  /** Sends mail to the SMTP server of SMTP_URL (egress to the submission ports 587 and 465). */
  smtp?: boolean;
  resources: { cpu: string; memory: string; memoryLimit: string };
  scaling: HpaScaling | KedaScaling;
}

export interface SecretSpec {
  name: string;
  description: string;
  /** Required: the process refuses to start without it; optional: a feature stays off. */
  required: boolean;
  /** How to make one (compose-env.mjs and infra/README.md follow it). */
  make: 'hex32' | 'ed25519-private' | 'provider' | 'password' | 'base32';
}
