/**
 * The scenario workspace wired together: blob store → repositories → services → routes for datasets, files,
 * changesets, templates, previews, network processing, CRS search and job templates. buildApp registers it.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Cluster } from './cluster/cluster.ts';
import type { Db } from './db/connection.ts';
import { ChangesetsRepository } from './modules/changesets/repository.ts';
import { changesetsRoutes } from './modules/changesets/routes.ts';
import { ChangesetsService } from './modules/changesets/service.ts';
import { DrtSaveRepository } from './modules/drt-save/repository.ts';
import { DrtSave } from './modules/drt-save/service.ts';
import { ChartsRepository } from './modules/charts/repository.ts';
import { chartsRoutes } from './modules/charts/routes.ts';
import { ChartsService } from './modules/charts/service.ts';
import { crsRoutes } from './modules/crs/routes.ts';
import { CrsDetection } from './modules/crs/detection.ts';
import { GroupAccess } from './modules/dashboards/group-access.ts';
import { DashboardsRepository } from './modules/dashboards/repository.ts';
import { dashboardsRoutes } from './modules/dashboards/routes.ts';
import { DashboardsService } from './modules/dashboards/service.ts';
import { DatasetAccess } from './modules/datasets/access.ts';
import { DatasetsRepository } from './modules/datasets/repository.ts';
import { datasetsRoutes } from './modules/datasets/routes.ts';
import { DatasetsService } from './modules/datasets/service.ts';
import { fileSummaryRoutes } from './modules/file-summary/routes.ts';
import { linkUseRoutes } from './modules/link-use/routes.ts';
import { LinkUseService } from './modules/link-use/service.ts';
import { transitDataRoutes } from './modules/transit-data/routes.ts';
import { TransitDataService } from './modules/transit-data/service.ts';
import { drtDataRoutes } from './modules/drt-data/routes.ts';
import { DrtDataService } from './modules/drt-data/service.ts';
import { drtGenerateRoutes } from './modules/drt-generate/routes.ts';
import { DrtGenerateService } from './modules/drt-generate/service.ts';
import { FileSummaryService } from './modules/file-summary/service.ts';
import { FileAccess } from './modules/files/access.ts';
import type { FileTreeDeps } from './modules/sftp/tree.ts';
import { ConfigSaveRepository } from './modules/files/config-save.ts';
import { fileContentRoutes } from './modules/files/content-routes.ts';
import { FileContentService } from './modules/files/content-service.ts';
import { FilesRepository } from './modules/files/repository.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { FilesService } from './modules/files/service.ts';
import { JobFilesRepository } from './modules/job-files/repository.ts';
import { jobFilesRoutes } from './modules/job-files/routes.ts';
import { JobFilesService } from './modules/job-files/service.ts';
import { JobTemplatesRepository } from './modules/job-templates/repository.ts';
import { jobTemplatesRoutes } from './modules/job-templates/routes.ts';
import { JobTemplatesService } from './modules/job-templates/service.ts';
import { JobsRepository } from './modules/jobs/repository.ts';
import { jobsRoutes } from './modules/jobs/routes.ts';
import { JobsService } from './modules/jobs/service.ts';
import { JobLog } from './modules/runner-protocol/job-log.ts';
import { failRunnersOfToken, JobLifecycle } from './modules/runner-protocol/lifecycle.ts';
import { HeartbeatMonitor } from './modules/runner-protocol/monitor.ts';
import { ExternalRunsRepository } from './modules/external-runs/repository.ts';
import { externalRunsRoutes } from './modules/external-runs/routes.ts';
import { ExternalRunsService } from './modules/external-runs/service.ts';
import { RunnerProtocolRepository } from './modules/runner-protocol/repository.ts';
import { runnerProtocolRoutes } from './modules/runner-protocol/routes.ts';
import { RunnerProtocolService } from './modules/runner-protocol/service.ts';
import { RunConfigRepository } from './modules/run-config/repository.ts';
import { createRunImport } from './modules/run-import/wiring.ts';
import { ScenarioExportRepository } from './modules/scenario-export/repository.ts';
import { scenarioExportRoutes } from './modules/scenario-export/routes.ts';
import { ScenarioExportService } from './modules/scenario-export/service.ts';
import { runConfigRoutes } from './modules/run-config/routes.ts';
import { RunConfigService } from './modules/run-config/service.ts';
import { RunnerTokensRepository } from './modules/runner-tokens/repository.ts';
import { runnerTokensRoutes } from './modules/runner-tokens/routes.ts';
import { RunnerTokensService } from './modules/runner-tokens/service.ts';
import { RunsRepository } from './modules/runs/repository.ts';
import { runsRoutes } from './modules/runs/routes.ts';
import { FeaturesRepository } from './modules/features/repository.ts';
import { FeaturesService } from './modules/features/service.ts';
import { serverFilesRoutes } from './modules/server-files/routes.ts';
import { ServerFilesService } from './modules/server-files/service.ts';
import { SettingsRepository } from './modules/settings/repository.ts';
import { SettingsService } from './modules/settings/service.ts';
import { RunsService } from './modules/runs/service.ts';
import { PostProcessLog } from './modules/runs/post-process-log.ts';
import { SystemFilesService } from './modules/runs/system-files.ts';
import { ScenarioPreviews } from './modules/network-processing/previews.ts';
import { NETWORK_WORK, NetworkProcessing } from './modules/network-processing/processor.ts';
import { previewRenderer, type NetworkRenderer } from './modules/network-processing/renderer.ts';
import { previewRoutes } from './modules/network-processing/routes.ts';
import { mapStyleRoutes, networkQueryRoutes } from './modules/network-query/routes.ts';
import { NetworkQueryService } from './modules/network-query/service.ts';
import { NetworkStore } from './modules/network-query/store.ts';
import { RUN_TABLES_WORK, RunPostProcessing } from './modules/tables/post-process.ts';
import { RUN_IMPORT_WORK } from './modules/run-import/process.ts';
import { TablesRepository } from './modules/tables/repository.ts';
import { tablesRoutes } from './modules/tables/routes.ts';
import { sweepTableFiles, TablesService } from './modules/tables/service.ts';
import { TableEngine } from './modules/tables/engine.ts';
import { templatesRoutes } from './modules/templates/routes.ts';
import { VehicleDataPreparation } from './modules/visualizer/prepare.ts';
import { VisualizerRepository } from './modules/visualizer/repository.ts';
import { visualizerRoutes } from './modules/visualizer/routes.ts';
import { VisualizerService } from './modules/visualizer/service.ts';
import { VehicleDataStore } from './modules/visualizer/store.ts';
import { ScenarioTemplates } from './modules/templates/service.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { LocalDiskBlobStore } from './storage/local-disk.ts';
import { S3BlobStore, s3ClientFor } from './storage/s3-store.ts';
import { LogStore } from './storage/log-store.ts';
import type { ProcessingLimits } from './workers/limits.ts';
import { Processing, serverWork } from './workers/processing.ts';

export interface WorkspaceOptions {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Default: the PNG renderer of src/previews, in a worker thread. */
  networkRenderer?: NetworkRenderer;
  /** Networks with more links are refused by /as/json and /as/geojson. Default 500,000. */
  maxNetworkJsonLinks?: number;
  /** Links in one map editor query answer at most; default NETWORK_QUERY_MAX_LINKS. */
  maxNetworkQueryLinks?: number;
  /** Bounds on reading user files (worker threads); default `DEFAULT_PROCESSING_LIMITS`. */
  processing?: Partial<ProcessingLimits>;
  /** A template download fails when no data arrived for this long. Default 30 s. */
  templateIdleTimeoutMs?: number;
  /** How often an external run's streaming upload renews its last report; default 60 s. */
  reportKeepAliveMs?: number;
  /** Counts the bytes of each uploaded file (the upload-bytes metric). */
  onUploadBytes?: (bytes: number) => void;
  /** Background work claimed through the database and leader leases (issue 30, several servers). */
  cluster: Cluster;
}

export interface Workspace {
  register(api: FastifyInstance): Promise<void>;
  network: NetworkProcessing;
  /** What the SFTP file tree reads and writes through (modules/sftp), with the same access rules as the API. */
  fileTree: Omit<FileTreeDeps, 'groups'>;
  close(): Promise<void>;
}

export async function createWorkspace(options: WorkspaceOptions): Promise<Workspace> {
  const { config, db, log, now, cluster } = options;
  const work = cluster.work;
  const blobs = await openBlobStore(config, log);
  // Job logs (system files of type stdout): one store for whoever writes or reads them.
  const logs = await LogStore.open(path.join(config.dataDir, 'logs'));
  const onBlobLeak = (key: string, err: unknown) => log.warn({ err, key }, 'a blob could not be removed');
  // Every read of user data runs in worker threads, bounded (src/workers).
  const processing = new Processing(options.processing);
  const renderer = options.networkRenderer ?? previewRenderer(processing);

  const datasetsRepository = new DatasetsRepository(db);
  const filesRepository = new FilesRepository(db);
  const datasetAccess = new DatasetAccess(datasetsRepository);
  const fileAccess = new FileAccess(filesRepository);
  const buildBinary = (content: Readable, crs: string | null) => processing.networkBinary(content, crs, serverWork('previews'));
  const crsDetection = new CrsDetection({ datasets: datasetsRepository, files: filesRepository, blobs });
  const detectCrs = (datasetId: number, fileIds: number[]) => crsDetection.filesAttached(datasetId, fileIds);
  const network = new NetworkProcessing({ datasets: datasetsRepository, files: filesRepository, blobs, renderer, buildBinary, now, log, onBlobLeak, detectCrs, work });
  const templates = new ScenarioTemplates({ blobs, processing, baseUrl: config.scenarioTemplatesUrl, idleTimeoutMs: options.templateIdleTimeoutMs });
  const datasets = new DatasetsService({ datasets: datasetsRepository, files: filesRepository, access: datasetAccess, blobs, templates, network, onBlobLeak });
  const files = new FilesService({
    processing,
    files: filesRepository,
    datasets: datasetsRepository,
    datasetAccess,
    fileAccess,
    blobs,
    network,
    maxUploadBytes: config.maxUploadBytes,
    onBlobLeak,
    onUploaded: options.onUploadBytes,
  });
  const serverFiles = new ServerFilesService({
    features: new FeaturesService(new FeaturesRepository(db)),
    settings: new SettingsService(new SettingsRepository(db)),
    files,
    processing,
    dataDir: config.dataDir,
    events: log,
  });
  const content = new FileContentService({
    files: filesRepository,
    configSaves: new ConfigSaveRepository(db),
    fileAccess,
    blobs,
    maxNetworkJsonLinks: options.maxNetworkJsonLinks ?? 500_000,
    processing,
    onBlobLeak,
  });
  const summaries = new FileSummaryService({ files: filesRepository, fileAccess, blobs, processing, onBlobLeak });
  const linkUse = new LinkUseService({ files: filesRepository, fileAccess, blobs, processing, onBlobLeak });
  const transitData = new TransitDataService({ files: filesRepository, fileAccess, blobs, processing, datasets: datasetsRepository, onBlobLeak });
  const drtData = new DrtDataService({ files: filesRepository, fileAccess, blobs, processing, datasets: datasetsRepository, onBlobLeak });
  const drtGenerate = new DrtGenerateService({ files: filesRepository, fileAccess, blobs, processing, prepare: (fileId) => network.prepareBinary(fileId) });
  // Loaded network binaries, shared by the map editor's queries and the visualizer.
  const networkStore = new NetworkStore(filesRepository, blobs);
  const networkQuery = new NetworkQueryService({
    files: filesRepository,
    fileAccess,
    blobs,
    store: networkStore,
    maxLinks: options.maxNetworkQueryLinks,
    // Networks processed before the map's derived files existed get them on their first editor call.
    prepare: (fileId) => network.prepareBinary(fileId),
  });
  const previews = new ScenarioPreviews({ access: datasetAccess, files: filesRepository, blobs, renderer, log, onBlobLeak });
  const changesetsRepository = new ChangesetsRepository(db);
  // A save's DRT groups are written as files (issue 29), through the upload path and the config save's copy-on-write.
  const drtSave = new DrtSave({
    files: filesRepository,
    filesService: files,
    configSaves: new ConfigSaveRepository(db),
    repository: new DrtSaveRepository(db),
    datasets: datasetsRepository,
    blobs,
    processing,
    onBlobLeak,
  });
  const changesets = new ChangesetsService(changesetsRepository, datasetAccess, drtSave);
  const scenarioExport = new ScenarioExportService({ files: new ScenarioExportRepository(db), changesets: changesetsRepository, access: datasetAccess, blobs, processing });
  // Dashboards and charts belong to a group (spec 3 §2.2, §2.3).
  const groupAccess = new GroupAccess(datasetsRepository);
  const dashboards = new DashboardsService(new DashboardsRepository(db), groupAccess, datasetAccess);
  const charts = new ChartsService({ charts: new ChartsRepository(db), groups: groupAccess, datasets: datasetAccess, blobs, onBlobLeak });
  const jobTemplates = new JobTemplatesService(new JobTemplatesRepository(db), blobs, log);
  const jobFiles = new JobFilesService({ repository: new JobFilesRepository(db), blobs, dataDir: config.dataDir, onBlobLeak });
  const runsRepository = new RunsRepository(db);
  const onLogLeak = (key: string, err: unknown) => log.warn({ err, key }, 'a log could not be removed');
  const runs = new RunsService({
    runs: runsRepository,
    datasets: datasetsRepository,
    datasetsService: datasets,
    files: filesRepository,
    access: datasetAccess,
    logs,
    onLogLeak,
    now,
    heartbeatTimeoutMs: config.runnerHeartbeatTimeoutMs,
  });
  const systemFiles = new SystemFilesService(runsRepository, datasetAccess, logs);
  // Tables: one DuckDB for imported tables and run series, Parquet files under DATA_DIR/tables.
  const tableEngine = await TableEngine.open({ dir: path.join(config.dataDir, 'tables') });
  const tablesRepository = new TablesRepository(db);
  const tables = new TablesService({ tables: tablesRepository, runs: runsRepository, datasets: datasetsRepository, access: datasetAccess, engine: tableEngine, blobs, processing });
  // Run post-processing: the output tables and the vehicle data, one log.
  const postProcessLog = new PostProcessLog(db, logs, now);
  const runPostProcessing = new RunPostProcessing({
    tables: tablesRepository,
    service: tables,
    datasets: datasetsRepository,
    log: postProcessLog,
    now,
    onError: (err, runId) => log.error({ err, runId }, 'run post-processing failed'),
    onFailed: (runId, logFileId) => log.warn({ runId, step: 'tables', logFileId }, 'a run post-processing step failed'),
    work,
  });
  const visualizerRepository = new VisualizerRepository(db);
  const networkSource = { store: networkStore, prepare: (fileId: number) => network.prepareBinary(fileId), idle: () => network.idle() };
  const vehicleData = new VehicleDataPreparation({
    repository: visualizerRepository,
    files: filesRepository,
    datasets: datasetsRepository,
    blobs,
    processing,
    network: networkSource,
    log: postProcessLog,
    now,
    onError: (err, runId) => log.error({ err, runId }, 'vehicle data preparation failed'),
    onFailed: (runId, logFileId) => log.warn({ runId, step: 'vehicleData', logFileId }, 'a run post-processing step failed'),
    onBlobLeak,
    work,
    networkPending: (fileId) => network.pending(fileId),
  });
  const visualizer = new VisualizerService({
    repository: visualizerRepository,
    requireRun: (actor, runId) => runs.requireRun(actor, runId, 'read'),
    fileAccess,
    blobs,
    vehicles: new VehicleDataStore(filesRepository, blobs),
    network: networkSource,
    preparation: vehicleData,
  });
  const runConfig = new RunConfigService({ repository: new RunConfigRepository(db), access: datasetAccess, blobs, processing });
  // Runs: scheduling, the runner protocol, and the one lifecycle that ends jobs.
  const jobLog = new JobLog(db, logs);
  const lifecycle = new JobLifecycle({
    db,
    log: jobLog,
    now,
    onLogError: (err, jobId) => log.warn({ err, jobId }, 'a job log line could not be written'),
    serverLog: log,
  });
  const jobsRepository = new JobsRepository(db);
  const jobs = new JobsService({ jobs: jobsRepository, datasets: datasetsRepository, access: datasetAccess, lifecycle, logs, blobs, processing, onBlobLeak, now, events: log });
  const protocolRepository = new RunnerProtocolRepository(db);
  // A run's output limits are installation settings, read for each output (an administrator's change applies at once).
  const outputSettings = new SettingsService(new SettingsRepository(db));
  const runnerProtocol = new RunnerProtocolService({
    repository: protocolRepository,
    lifecycle,
    log: jobLog,
    blobs,
    datasets: datasetsRepository,
    network,
    runFinished: async (runId) => {
      await runPostProcessing.runFinished(runId);
      await vehicleData.prepareVehicleData(runId);
    },
    processing,
    heartbeatMs: config.runnerHeartbeatMs,
    heartbeatTimeoutMs: config.runnerHeartbeatTimeoutMs,
    maxUploadBytes: config.maxUploadBytes,
    outputLimits: () => outputSettings.runOutputLimits(),
    now,
    onBlobLeak,
    events: log,
  });
  // Import of finished runs (runImported): zips, series, the external job's end, then the post-processing above.
  const runImport = createRunImport({
    db,
    dataDir: config.dataDir,
    access: datasetAccess,
    datasets: datasetsRepository,
    files: filesRepository,
    blobs,
    processing,
    reports: runnerProtocol.reports,
    log: postProcessLog,
    now,
    onError: (err, runId) => log.error({ err, runId }, 'run import failed'),
    events: log,
    onBlobLeak,
    crs: { detect: detectCrs, changed: (runId) => network.crsChanged(runId) },
    work,
  });
  // Runs executing outside Corridor report like runners, with an API key (corridor-runner watch).
  const externalRuns = new ExternalRunsService({
    repository: new ExternalRunsRepository(db),
    jobs: jobsRepository,
    datasets: datasetsRepository,
    access: datasetAccess,
    reports: runnerProtocol.reports,
    logs,
    now,
    keepAliveMs: options.reportKeepAliveMs,
    events: log,
  });
  const heartbeats = new HeartbeatMonitor({
    repository: protocolRepository,
    lifecycle,
    now,
    intervalMs: config.runnerHeartbeatMs,
    timeoutMs: config.runnerHeartbeatTimeoutMs,
    log,
    requeueOnLoss: async () => (await outputSettings.stored()).runRequeueOnRunnerLoss,
    // One server checks per tick; a dead leader's lease runs out after three intervals.
    leader: cluster.lease('heartbeat-monitor', 3 * config.runnerHeartbeatMs),
  });
  const runnerTokens = new RunnerTokensService({
    tokens: new RunnerTokensRepository(db),
    now,
    heartbeatTimeoutMs: config.runnerHeartbeatTimeoutMs,
    failRunnersOfToken: (tokenId) => failRunnersOfToken(lifecycle, tokenId),
    events: log,
  });

  let tableSweep: NodeJS.Timeout | undefined;
  return {
    network,
    fileTree: { datasets, datasetAccess, files, fileAccess, blobs },
    async register(api) {
      await api.register(datasetsRoutes(datasets));
      await api.register(filesRoutes(files, config.maxUploadBytes));
      await api.register(serverFilesRoutes(serverFiles));
      await api.register(fileContentRoutes(content));
      await api.register(fileSummaryRoutes(summaries));
      await api.register(linkUseRoutes(linkUse));
      await api.register(transitDataRoutes(transitData));
      await api.register(drtDataRoutes(drtData));
      await api.register(drtGenerateRoutes(drtGenerate));
      await api.register(changesetsRoutes(changesets));
      await api.register(scenarioExportRoutes(scenarioExport));
      await api.register(templatesRoutes(templates));
      await api.register(previewRoutes(previews));
      await api.register(networkQueryRoutes(networkQuery));
      await api.register(mapStyleRoutes(config.mapStyle));
      await api.register(crsRoutes());
      await api.register(jobTemplatesRoutes(jobTemplates));
      await api.register(jobFilesRoutes(jobFiles));
      await api.register(dashboardsRoutes(dashboards));
      await api.register(chartsRoutes(charts));
      await api.register(runsRoutes({ runs, systemFiles }));
      await api.register(tablesRoutes(tables));
      await api.register(runConfigRoutes(runConfig));
      await api.register(visualizerRoutes(visualizer));
      await api.register(runnerTokensRoutes(runnerTokens));
      await api.register(jobsRoutes(jobs));
      await api.register(runnerProtocolRoutes(runnerProtocol));
      await api.register(externalRunsRoutes(externalRuns));
      await api.register(runImport.routes);
      heartbeats.start();
      // Tables of deleted datasets: their Parquet files go at start and then hourly (on one server: the lease's holder).
      const sweepLease = cluster.lease('table-sweep', 30 * 60_000);
      const sweepTables = () =>
        void sweepLease
          .acquire()
          .then((leading) => (leading ? sweepTableFiles(tableEngine, tablesRepository) : 0))
          .catch((err: unknown) => log.warn({ err }, 'could not sweep table files'));
      sweepTables();
      tableSweep = setInterval(sweepTables, 60 * 60_000);
      tableSweep.unref();
      // Background work is claimed from the database (issue 30): what is queued, by this process or another, or was
      // left by a server that died, is found by polling. Jobs of older versions without a queued item are queued once.
      void network.resume().catch((err: unknown) => log.error({ err }, 'could not resume network processing'));
      void vehicleData.resume().catch((err: unknown) => log.error({ err }, 'could not resume vehicle data preparation'));
      work.start();
    },
    async close() {
      clearInterval(tableSweep);
      // No new claims; the work under way finishes (network, tables, imports) or is cut off (vehicle data: hours of
      // events are not waited for) and handed back, so another server takes it at once.
      work.stop();
      vehicleData.close();
      await heartbeats.stop();
      await network.close();
      await work.idle([NETWORK_WORK, RUN_TABLES_WORK, RUN_IMPORT_WORK]);
      tableEngine.close();
      await processing.close();
      await work.idle();
      const handedBack = await work.release();
      log.info({ serverId: cluster.serverId, handedBack }, 'background work handed back');
      if (blobs instanceof S3BlobStore) blobs.close();
    },
  };
}

/** File contents: DATA_DIR/files by default, an S3-compatible bucket with STORAGE_URL (issue 30). */
async function openBlobStore(config: Config, log: FastifyBaseLogger): Promise<BlobStore> {
  const storage = config.storage;
  if (storage.kind === 'local') return LocalDiskBlobStore.open(path.join(config.dataDir, 'files'));
  return S3BlobStore.open({
    client: s3ClientFor(storage),
    bucket: storage.bucket,
    prefix: storage.prefix,
    tempDir: path.join(config.dataDir, 'tmp', 'uploads'),
    onAbortFailure: (upload, err) =>
      log.warn({ err, ...upload }, 'a failed upload\'s multipart upload could not be aborted; its parts stay until the bucket\'s lifecycle rule removes them'),
  });
}
