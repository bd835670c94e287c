/**
 * Server configuration from environment variables, validated once at start. There is no config file:
 * defaults live here and the environment always wins over them.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNER_HEARTBEAT_MS, RUNNER_HEARTBEAT_TIMEOUT_MS } from '@corridor/contract';
import { z } from 'zod';
import { isIpv4Range, isIpv6Range } from './modules/runner-tokens/ranges.ts';

export const DEFAULT_MATSIM_RELEASE_URL =
  'https://github.com/matsim-org/matsim-libs/releases/download/{version}/matsim-{version}-release.zip';

/** <repo>/apps/web/dist, found from this file so the server can be started from any working directory. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** MATSim's example scenarios; a template's files are fetched from `<base>/<template folder>/<file>`. */
export const DEFAULT_SCENARIO_TEMPLATES_URL =
  'https://raw.githubusercontent.com/matsim-org/matsim-libs/main/examples/scenarios';

export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Names Fastify's trustProxy (@fastify/proxy-addr) accepts for well-known ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const PROXY_ADDRESSES = `must list the proxy's addresses or CIDR ranges (or ${PROXY_RANGE_NAMES.join(', ')}), separated by commas`;
const isProxyAddress = (entry: string) =>
  PROXY_RANGE_NAMES.includes(entry) || isIpv4Range(entry) || isIpv6Range(entry);

const STORAGE_URL_PATTERN = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LICENSE_PUBLIC_KEY: z.string().optional(),
  MATSIM_RELEASE_URL: z
    .string()
    .refine((v) => v.includes('{version}'), 'must contain the placeholder {version}')
    .default(DEFAULT_MATSIM_RELEASE_URL),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(DEFAULT_MAX_UPLOAD_BYTES),
  SCENARIO_TEMPLATES_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_SCENARIO_TEMPLATES_URL),
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  RUNNER_HEARTBEAT_MS: z.coerce.number().int().min(10).max(3_600_000).default(RUNNER_HEARTBEAT_MS),
  RUNNER_HEARTBEAT_TIMEOUT_MS: z.coerce.number().int().min(10).max(86_400_000).default(RUNNER_HEARTBEAT_TIMEOUT_MS),
  TRUST_PROXY: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every(isProxyAddress), PROXY_ADDRESSES)
    .default([]),
  MAP_STYLE_URL_LIGHT: z.url({ protocol: /^https?$/ }).optional(),
  MAP_STYLE_URL_DARK: z.url({ protocol: /^https?$/ }).optional(),
  /** "false" (or "0"/"no"/"off") disables the runner main.ts starts next to the server. */
  EMBEDDED_RUNNER: z
    .string()
    .transform((v) => !['false', '0', 'no', 'off'].includes(v.trim().toLowerCase()))
    .default(true),
  /** Bearer token that may read GET /metrics (Prometheus scrapers); absent: administrators' sessions only. */
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  /** How often the metrics are sampled into the database (tests make it short). */
  METRICS_SAMPLE_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
  /** Where file contents live: absent = DATA_DIR/files; `s3://bucket[/prefix]` = S3-compatible object storage. */
  STORAGE_URL: z
    .string()
    .regex(STORAGE_URL_PATTERN, 'must be s3://bucket or s3://bucket/prefix (bucket: 3 to 63 lowercase letters, digits, dots and hyphens); leave it unset for DATA_DIR/files')
    .optional(),
  /** The S3-compatible server (MinIO, Ceph, …); the first one set wins. Absent: AWS S3 in AWS_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  AWS_ENDPOINT_URL_S3: z.url({ protocol: /^https?$/ }).optional(),
  AWS_ENDPOINT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; default: on with an endpoint, off for AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).optional(),
  AWS_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1').optional(),
  AWS_DEFAULT_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1').optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  /** SFTP file access (spec 3 §2.18): the port it listens on; absent: off. 0: any free port (tests). */
  SFTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The host name the help page shows for SFTP; default: PUBLIC_URL's host, else the host the browser used. */
  SFTP_HOST: z.string().regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or address').optional(),
});

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** '' or a prefix ending in '/' (no leading slash). */
  prefix: string;
  /** Null: AWS S3 itself. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** Null: the AWS SDK's own chain (shared profile, web identity, container or instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

export type StorageConfig = { kind: 'local' } | S3StorageConfig;

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  /** Absent: embedded PGlite in dataDir/db. */
  databaseUrl: string | null;
  /** The origin browsers use; also decides the Secure cookie flag and the CSRF origin check. */
  publicUrl: URL | null;
  /** Verifies vendor licence keys; without it only community licences are accepted. */
  licensePublicKey: KeyObject | null;
  matsimReleaseUrl: string;
  logLevel: LogLevel;
  /** Largest file one upload may carry, in bytes. */
  maxUploadBytes: number;
  /** Base address of the downloadable scenario templates, without a trailing slash. */
  scenarioTemplatesUrl: string;
  /** Absolute path of the built web app. */
  webDist: string;
  /** How often runners send heartbeats (told to them at connect) and how often the server checks them. */
  runnerHeartbeatMs: number;
  /** A runner silent for longer loses its jobs (FAILED). */
  runnerHeartbeatTimeoutMs: number;
  /**
   * Addresses/CIDR ranges of the reverse proxies whose `X-Forwarded-For` gives the client address
   * (request.ip); empty: the header is ignored and request.ip is the socket's peer.
   */
  trustProxy: string[];
  /** Whether main.ts starts the embedded runner (a runner agent child process on loopback). */
  embeddedRunner: boolean;
  /**
   * The map editor's MapLibre style URLs for the light and dark theme; null: a plain background, no map service
   * (works offline). Their origins are allowed in the security policy's connect-src and img-src.
   */
  mapStyle: { light: string | null; dark: string | null };
  /** Bearer token for GET /metrics; null: only administrators' sessions may read it. */
  metricsToken: string | null;
  /** How often the meters are sampled into the database for the Metrics Dashboard; default every minute. */
  metricsSampleMs: number;
  /** Where file contents (blobs) live: DATA_DIR/files, or an S3-compatible bucket (STORAGE_URL). */
  storage: StorageConfig;
  /** SFTP file access (modules/sftp): null when off. Listens on `host` like the HTTP server. */
  sftp: { port: number; shownHost: string | null } | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Container setups often pass `VAR=` for "unset"; treat empty values as absent so defaults apply.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : null,
    licensePublicKey: e.LICENSE_PUBLIC_KEY ? readLicensePublicKey(e.LICENSE_PUBLIC_KEY) : null,
    matsimReleaseUrl: e.MATSIM_RELEASE_URL,
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    scenarioTemplatesUrl: e.SCENARIO_TEMPLATES_URL.replace(/\/+$/, ''),
    webDist: path.resolve(e.WEB_DIST),
    runnerHeartbeatMs: e.RUNNER_HEARTBEAT_MS,
    runnerHeartbeatTimeoutMs: e.RUNNER_HEARTBEAT_TIMEOUT_MS,
    embeddedRunner: e.EMBEDDED_RUNNER,
    trustProxy: e.TRUST_PROXY,
    mapStyle: { light: e.MAP_STYLE_URL_LIGHT ?? null, dark: e.MAP_STYLE_URL_DARK ?? null },
    metricsToken: e.METRICS_TOKEN ?? null,
    metricsSampleMs: e.METRICS_SAMPLE_MS,
    storage: storageConfig(e),
    sftp: e.SFTP_PORT === undefined ? null : { port: e.SFTP_PORT, shownHost: e.SFTP_HOST ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : null) },
  };
}

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (!e.STORAGE_URL) {
    // Our own S3 variables without a bucket are a half-done setup: the files would silently stay on the disk.
    const stray = (['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const).filter((name) => e[name] !== undefined);
    if (stray.length > 0) throw new ConfigError(`Invalid configuration:\n  ${stray.join(', ')}: only used with STORAGE_URL=s3://bucket/prefix, which is not set`);
    return { kind: 'local' };
  }
  const [, bucket, rest] = STORAGE_URL_PATTERN.exec(e.STORAGE_URL)!;
  const prefix = (rest ?? '').split('/').filter(Boolean).join('/');
  const endpoint = e.S3_ENDPOINT ?? e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL ?? null;
  const region = e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? (endpoint ? 'us-east-1' : null);
  const problems: string[] = [];
  if (!region) problems.push('  AWS_REGION: required with STORAGE_URL on AWS S3 (the bucket\'s region, e.g. eu-central-1); or set S3_ENDPOINT for an S3-compatible server');
  if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) {
    problems.push('  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both, or neither (then the AWS SDK finds credentials itself)');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    kind: 's3',
    bucket: bucket!,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: region!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? ['true', '1', 'yes', 'on'].includes(e.S3_FORCE_PATH_STYLE) : endpoint !== null,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}) }
        : null,
  };
}

/** LICENSE_PUBLIC_KEY holds either the PEM text itself or the path of a PEM file. */
export function readLicensePublicKey(value: string): KeyObject {
  const isPem = value.includes('-----BEGIN');
  if (!isPem && !existsSync(value)) {
    throw new ConfigError(`LICENSE_PUBLIC_KEY: neither PEM text nor an existing file: ${value}`);
  }
  const pem = isPem ? value.replace(/\\n/g, '\n') : readFileSync(value, 'utf8');
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch (err) {
    throw new ConfigError(`LICENSE_PUBLIC_KEY: not a readable public key (${(err as Error).message})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new ConfigError(`LICENSE_PUBLIC_KEY: expected an Ed25519 key, got ${key.asymmetricKeyType}`);
  }
  return key;
}
