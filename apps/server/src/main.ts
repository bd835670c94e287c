/**
 * Production entry: configuration from the environment, database, migrations, listen, graceful shutdown. The
 * embedded runner is started (or adopted) after listening; a shutdown (SIGTERM, SIGINT) leaves it running.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { EmbeddedRunner, loopbackUrl, stopRecordedRunner } from './embedded-runner.ts';
import { ensureEmbeddedToken } from './modules/runner-tokens/embedded-token.ts';

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
    app.log.info({ signal }, 'shutting down');
    try {
      // The embedded runner and its runs go on without the server; they reconnect to the next start.
      await runner?.detach();
      // Server next, so no request is cut off from the database; then the database.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.publicUrl?.origin ?? `http://localhost:${port}`;
  console.log(`Corridor is listening on ${shown}`);

  if (config.embeddedRunner) {
    const token = await ensureEmbeddedToken(database.db).catch((err: unknown) => {
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
