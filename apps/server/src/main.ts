/**
 * Production entry: configuration from the environment, database, migrations, listen, graceful shutdown. The
 * embedded runner is started (or adopted) after listening; a shutdown (SIGTERM, SIGINT) leaves it running.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { EmbeddedRunner, loopbackUrl, stopRecordedRunner } from './embedded-runner.ts';
import { readBuildInfo } from './modules/sysinfo/build-info.ts';
import { ensureEmbeddedToken } from './modules/runner-tokens/embedded-token.ts';

/** What the startup line says: database kind (never its password), DATA_DIR, where files live, runner mode, public URL. */
export function startupFacts(config: Config, listening: string, serverId?: string) {
  return {
    // Written into the claims of background work this process holds (issue 30: several servers on one database).
    ...(serverId ? { serverId } : {}),
    database: config.databaseUrl ? 'postgresql' : 'pglite',
    databaseAt: config.databaseUrl ? redactedDatabaseUrl(config.databaseUrl) : `${config.dataDir}/db`,
    dataDir: config.dataDir,
    files: filesAt(config),
    runnerMode: config.embeddedRunner ? 'embedded runner and external runners' : 'external runners only (EMBEDDED_RUNNER=false)',
    publicUrl: config.publicUrl?.origin ?? null,
    listening,
    version: readBuildInfo(config.webDist).version,
  };
}

/** Where file contents live (issue 30): the bucket and prefix, and the endpoint when it is not AWS S3. */
function filesAt(config: Config): string {
  const storage = config.storage;
  if (storage.kind === 'local') return `${config.dataDir}/files`;
  return `s3://${storage.bucket}/${storage.prefix}${storage.endpoint ? ` at ${storage.endpoint}` : ` in ${storage.region}`}`;
}

function redactedDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL (unparsable)';
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, db: database.db });

  let closing = false;
  let runner: EmbeddedRunner | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, serverId: app.cluster?.serverId }, 'shutting down');
    try {
      // No new background work from here on; what this process holds is finished or handed back when the app closes.
      app.cluster?.work.stop();
      // The embedded runner and its runs go on without the server; they reconnect to the next start.
      await runner?.detach();
      // Server next (requests in flight are answered), so no request is cut off from the database; then the database.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a Ctrl-C reaches this process twice (from the terminal's process group and forwarded by
  // scripts/start.mjs); a second signal while shutting down must not end the process before the database is closed.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.publicUrl?.origin ?? `http://localhost:${port}`;
  console.log(`Corridor is listening on ${shown}`);
  // One line an operator reads to know what this process uses (issue 26).
  app.log.info(startupFacts(config, shown, app.cluster?.serverId), 'Corridor started');

  if (config.embeddedRunner) {
    const token = await ensureEmbeddedToken(database.db, config.dataDir).catch((err: unknown) => {
      app.log.error({ err }, 'embedded runner not started: its token could not be made');
      return null;
    });
    if (token && !closing) {
      runner = new EmbeddedRunner({
        serverUrl: loopbackUrl(config.host, port),
        token,
        dataDir: config.dataDir,
        log: app.log,
      });
      await runner.start();
    }
  } else {
    await stopRecordedRunner(config.dataDir, app.log, 'EMBEDDED_RUNNER is false: stopping the embedded runner an earlier start left running');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
