/**
 * buildApp(deps): the whole HTTP server as a Fastify instance, without listening. main.ts listens; tests call
 * app.inject. Everything that varies between production and tests (database, clock, limits) comes in as deps.
 */
import { registerRequestLog } from './plugins/request-log.ts';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { API_PREFIX } from '@corridor/contract';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/connection.ts';
import { registerCsrfGuard } from './plugins/csrf.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { echoRequestId, genReqId } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { resolveActor, sessionCookie } from './plugins/session.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { AccountsRepository } from './modules/accounts/repository.ts';
import { AdminAccountsRepository } from './modules/admin-accounts/repository.ts';
import { adminAccountsRoutes } from './modules/admin-accounts/routes.ts';
import { UserSeats } from './modules/admin-accounts/seats.ts';
import { AdminAccountsService } from './modules/admin-accounts/service.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { engineSetupRoutes } from './modules/engine-setup/routes.ts';
import { EngineSetupService } from './modules/engine-setup/service.ts';
import { JobFilesRepository } from './modules/job-files/repository.ts';
import { MatsimReleasesRepository } from './modules/matsim-releases/repository.ts';
import { matsimReleasesRoutes } from './modules/matsim-releases/routes.ts';
import { MatsimReleasesService } from './modules/matsim-releases/service.ts';
import { FeaturesRepository } from './modules/features/repository.ts';
import { featuresRoutes } from './modules/features/routes.ts';
import { FeaturesService } from './modules/features/service.ts';
import { SettingsRepository } from './modules/settings/repository.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { SettingsService } from './modules/settings/service.ts';
import { checkRootSetting } from './modules/server-files/root.ts';
import { MailRateLimiter } from './modules/account-mail/rate-limiter.ts';
import { AccountMailRepository } from './modules/account-mail/repository.ts';
import { accountMailRoutes } from './modules/account-mail/routes.ts';
import { AccountMailService } from './modules/account-mail/service.ts';
import { AccountNotices } from './modules/account-mail/notices.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { MailService } from './modules/mail/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { ApiKeyAuth } from './modules/profile/api-key-auth.ts';
import { ProfileRepository } from './modules/profile/repository.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { ProfileService } from './modules/profile/service.ts';
import { InstallationKeys } from './modules/licenses/installation-keys.ts';
import { LicensesRepository } from './modules/licenses/repository.ts';
import { licensesRoutes } from './modules/licenses/routes.ts';
import { LicensesService } from './modules/licenses/service.ts';
import { GroupsRepository } from './modules/groups/repository.ts';
import { groupsRoutes } from './modules/groups/routes.ts';
import { GroupsService } from './modules/groups/service.ts';
import { hostKey } from './modules/sftp/host-key.ts';
import { SftpServer } from './modules/sftp/server.ts';
import { FileTree } from './modules/sftp/tree.ts';
import type { NetworkRenderer } from './modules/network-processing/renderer.ts';
import { LOGIN_POLICY, LoginLimiter, type LoginPolicy } from './security/login-limiter.ts';
import type { ProcessingLimits } from './workers/limits.ts';
import { dashboardTemplateRoutes } from './modules/dashboards/templates-route.ts';
import { createMonitoring } from './modules/metrics/monitoring.ts';
import { createWorkspace } from './workspace.ts';
import { DbStateStore } from './cluster/db-state-store.ts';
import { runnerBundleRoutes } from './modules/runner-bundle/routes.ts';
import { RunnerBundleService } from './modules/runner-bundle/service.ts';
import { readBuildInfo } from './modules/sysinfo/build-info.ts';
import { clusterSettings, createCluster, type Cluster, type ClusterSettings } from './cluster/cluster.ts';

export const BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  config: Config;
  db: Db;
  /** Clock for sessions, licence validity and the login limiter. */
  now?: () => Date;
  /** Sign-in throttling; default LOGIN_POLICY. */
  loginPolicy?: LoginPolicy;
  /** How long an engine download may receive nothing before it fails. */
  engineIdleTimeoutMs?: number;
  /** false silences the log (tests); a stream receives pino's lines (tests that read the log); default: pino at config.logLevel. */
  logger?: boolean | { stream: { write(line: string): void } };
  /** Draws network previews; default: src/previews. */
  networkRenderer?: NetworkRenderer;
  /** Networks with more links are refused by /as/json and /as/geojson. */
  maxNetworkJsonLinks?: number;
  /** Links in one map editor query answer at most (tests make it small); default NETWORK_QUERY_MAX_LINKS. */
  maxNetworkQueryLinks?: number;
  /** Bounds on reading user files in worker threads (tests make them small); default `DEFAULT_PROCESSING_LIMITS`. */
  processing?: Partial<ProcessingLimits>;
  /** How long a scenario template download may receive nothing before it fails. */
  templateIdleTimeoutMs?: number;
  /** How often an external run's output upload renews its last report while it streams (tests make it small). */
  reportKeepAliveMs?: number;
  /** This process's id in claims of background work (issue 30); default random. */
  serverId?: string;
  /** Background work lease and polling; default from WORK_LEASE_MS / WORK_POLL_MS. */
  cluster?: Partial<ClusterSettings>;
}

export type App = FastifyInstance & { cluster?: Cluster };

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());

  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel, ...(typeof deps.logger === 'object' ? { stream: deps.logger.stream } : {}) },
    // One line per request from registerRequestLog, at debug for runner polls and static files (issue 25).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId,
    requestIdHeader: false,
    // X-Forwarded-For counts only when the peer is a proxy TRUST_PROXY names; request.ip is the client then.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  registerErrorHandler(app);
  registerRequestLog(app);
  // Several servers on one database (issue 30): this process's id, the claimed background work, leader leases.
  const cluster = createCluster({ db, log: app.log, serverId: deps.serverId, settings: { ...clusterSettings(), ...deps.cluster } });
  app.decorate('cluster', cluster);
  // SFTP file access (SFTP_PORT): started when the app is ready, its port known from then on.
  const sftpListening: { port: number | null } = { port: null };
  app.decorate('sftpPort', () => sftpListening.port);
  const sftpInfo = () => (config.sftp && sftpListening.port !== null ? { port: sftpListening.port, host: config.sftp.shownHost } : null);
  const monitoring = createMonitoring({ config, db, now, log: app.log, cluster, sftp: sftpInfo });
  monitoring.metrics.observe(app);
  echoRequestId(app);
  registerCsrfGuard(app, config.publicUrl);
  const mapOrigins = [config.mapStyle.light, config.mapStyle.dark].flatMap((url) => (url ? [new URL(url).origin] : []));
  await registerSecurityHeaders(app, config.publicUrl, [...new Set(mapOrigins)]);
  await app.register(cookie);
  await app.register(multipart);
  await registerDocs(app);

  const accountsRepository = new AccountsRepository(db);
  const features = new FeaturesService(new FeaturesRepository(db), app.log);
  // The root directory for runs must not be "/" nor hold DATA_DIR or lie inside it (issue 23).
  const settings = new SettingsService(new SettingsRepository(db), { runImportServerPath: (root) => checkRootSetting(root, config.dataDir) }, app.log);
  // Mail (SMTP settings) and the account flows that mail one-time links; sign-up uses them too.
  const mail = new MailService(settings, app.log);
  const accountMailRepository = new AccountMailRepository(db);
  // Sign-in and forgot-password counts in the database: the same whichever server a request reaches (issue 30).
  const limiterState = new DbStateStore(db, () => now().getTime());
  // Mails to a user's verified addresses when an address is added or the password changes (profile uses it too).
  const accountNotices = new AccountNotices(accountMailRepository, mail);
  const accountMail = new AccountMailService({
    repository: accountMailRepository,
    mail,
    settings,
    features,
    limiter: new MailRateLimiter(undefined, () => now().getTime(), limiterState),
    notices: accountNotices,
    publicUrl: config.publicUrl,
    now,
  });
  const limiter = new LoginLimiter(deps.loginPolicy ?? LOGIN_POLICY, () => now().getTime(), limiterState);
  const licensesRepository = new LicensesRepository(db);
  const adminAccountsRepository = new AdminAccountsRepository(db);
  const seats = new UserSeats(licensesRepository, adminAccountsRepository);
  const accounts = new AccountsService(accountsRepository, features, limiter, now, seats, accountMail, app.log);
  const adminAccounts = new AdminAccountsService(adminAccountsRepository, accountsRepository, seats, app.log);
  // Devices, password and API keys; the API keys also authenticate requests (resolveActor and GET /metrics below).
  const profileRepository = new ProfileRepository(db);
  const profile = new ProfileService(profileRepository, accountsRepository, accountNotices, app.log);
  const apiKeyAuth = new ApiKeyAuth(profileRepository, now);
  const installationKeys = new InstallationKeys(config.dataDir);
  const licenses = new LicensesService(
    licensesRepository,
    accountsRepository,
    installationKeys,
    config.licensePublicKey,
    now,
    app.log,
  );
  const engine = new EngineSetupService({
    dataDir: config.dataDir,
    urlTemplate: config.matsimReleaseUrl,
    idleTimeoutMs: deps.engineIdleTimeoutMs,
    log: app.log,
  });
  // Settings > MATSim Releases: the release zips the engine download writes, uploads, and which job templates use them.
  const jobFileCopies = new JobFilesRepository(db);
  const matsimReleases = new MatsimReleasesService({
    dataDir: config.dataDir,
    engine,
    repository: new MatsimReleasesRepository(db),
    prespecifiedCopies: () => jobFileCopies.copies(),
    events: app.log,
  });
  const groups = new GroupsService(new GroupsRepository(db), accountsRepository, app.log);
  const workspace = await createWorkspace({
    config,
    db,
    log: app.log,
    now,
    networkRenderer: deps.networkRenderer,
    maxNetworkJsonLinks: deps.maxNetworkJsonLinks,
    maxNetworkQueryLinks: deps.maxNetworkQueryLinks,
    processing: deps.processing,
    templateIdleTimeoutMs: deps.templateIdleTimeoutMs,
    reportKeepAliveMs: deps.reportKeepAliveMs,
    onUploadBytes: monitoring.metrics.uploaded,
    cluster,
  });
  const cookieJar = sessionCookie(config.publicUrl?.protocol === 'https:');

  await app.register(
    async (api) => {
      resolveActor(api, cookieJar, { session: (value) => accounts.resolveSession(value), apiKey: (value) => apiKeyAuth.resolve(value) });
      await api.register(healthRoutes);
      await api.register(accountsRoutes(accounts, cookieJar));
      await api.register(profileRoutes(profile));
      await api.register(featuresRoutes(features));
      await api.register(settingsRoutes(settings));
      await api.register(mailRoutes(mail));
      await api.register(accountMailRoutes(accountMail));
      await api.register(licensesRoutes(licenses));
      await api.register(engineSetupRoutes(engine));
      await api.register(matsimReleasesRoutes(matsimReleases));
      await api.register(groupsRoutes(groups));
      await api.register(adminAccountsRoutes(adminAccounts));
      await api.register(runnerBundleRoutes(new RunnerBundleService(readBuildInfo(config.webDist).version, app.log)));
      await workspace.register(api);
      await monitoring.register(api);
    },
    { prefix: API_PREFIX },
  );

  // Outside /api/v1, before the web app so its fallback never answers these.
  await app.register(dashboardTemplateRoutes);
  await app.register(
    monitoring.endpoint({ session: (request) => accounts.resolveSession(cookieJar.read(request)), apiKey: (value) => apiKeyAuth.resolve(value) }),
  );
  await registerWebApp(app, config.webDist);
  app.addHook('onReady', async () => monitoring.start());
  if (config.sftp) {
    const sftp = new SftpServer({
      tree: new FileTree({ ...workspace.fileTree, groups }),
      blobs: workspace.fileTree.blobs,
      passwordActor: (input, ip) => accounts.passwordActor(input, ip),
      apiKeyActor: (value) => apiKeyAuth.resolve(value),
      hostKey: await hostKey(config.dataDir),
      log: app.log,
    });
    const { port } = config.sftp;
    app.addHook('onReady', async () => {
      sftpListening.port = await sftp.listen(port, config.host);
      app.log.info({ event: 'sftp.listening', port: sftpListening.port }, `SFTP file access on port ${sftpListening.port}`);
    });
    app.addHook('onClose', () => sftp.close());
  }
  app.addHook('onClose', () => monitoring.stop());
  app.addHook('onClose', () => engine.stop());
  // Mails still being sent in the background (their tokens are in the database).
  app.addHook('onClose', () => mail.idle());
  // Lets a running network job finish before the database closes.
  app.addHook('onClose', () => workspace.close());
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The port SFTP file access listens on once the app is ready; null when it is off (SFTP_PORT unset). */
    sftpPort: () => number | null;
  }
}

/**
 * Clients often send `Content-Type: application/json` with no body on action calls (POST /jobs/setup?…);
 * Fastify would reject that with 400, so an empty JSON body is read as no body instead.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
