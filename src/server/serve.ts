import type { AddressInfo } from 'node:net';
import { type Config, proxySetupProblem } from './config.ts';
import { createNodeServer } from './http/node-server.ts';
import { outboxHandlers } from './jobs/handlers.ts';
import { scheduleLedgerFold } from './jobs/ledger-fold.ts';
import { scheduleLedgerReconciliation } from './jobs/ledger-reconciliation.ts';
import { OutboxWorker, releaseAbandonedClaims } from './jobs/outbox-worker.ts';
import { createMetricsServer } from './metrics/metrics-server.ts';
import { scheduleOrphanDocumentSweep } from './modules/verification/document-orphans.ts';
import { startRuntime } from './runtime.ts';
import type { Tracing } from './tracing/tracing.ts';

/**
 * The server as `main.ts` starts it once the configuration is read (and tracing started): the database, the app
 * on PORT, the metrics on METRICS_PORT, the outbox worker, the scheduled jobs and the graceful shutdown.
 */
export async function serve(config: Config, tracing: Tracing | undefined): Promise<void> {
  const runtime = await startRuntime(config, undefined, tracing);
  const { logger } = runtime.deps;
  const proxyProblem = proxySetupProblem(config);
  if (proxyProblem) logger.warn(proxyProblem);
  const outboxWorker = new OutboxWorker(runtime.deps, outboxHandlers(), {
    leaseMs: config.outboxLeaseSeconds * 1000,
    asyncBookkeeping: runtime.database.kind === 'postgres',
  });
  if (runtime.database.kind === 'pglite') {
    // one process at a time opens a PGlite database: every claim found now was made by one that is gone
    const released = await releaseAbandonedClaims(runtime.deps.db);
    if (released > 0) logger.warn({ released }, 'outbox claims of the previous process released');
  }
  await scheduleLedgerReconciliation(runtime.deps.db, runtime.deps.clock);
  await scheduleLedgerFold(runtime.deps.db, runtime.deps.clock);
  await scheduleOrphanDocumentSweep(runtime.deps.db, runtime.deps.clock);

  const server = createNodeServer(runtime.app.fetch, logger, config);
  server.listen(config.port, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { port, database: runtime.database.kind, sandbox: config.sandbox },
      `Sarraf listening on http://localhost:${port}`,
    );
    outboxWorker.start();
  });

  const { metrics } = runtime.deps;
  const metricsServer = metrics && createMetricsServer(metrics, logger);
  if (metricsServer) {
    metricsServer.listen(config.metricsPort, () => {
      const { port } = metricsServer.address() as AddressInfo;
      logger.info({ port }, `metrics on http://localhost:${port}/metrics`);
    });
  }

  /** how long the outbox's running handlers may take at stop before their claims are given up */
  const OUTBOX_STOP_MS = 5_000;

  let stopping = false;
  /** set while the drain waits: a second signal ends the wait */
  let endDrain: (() => void) | undefined;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) {
      endDrain?.();
      return;
    }
    stopping = true;
    // the load balancer hears first: /readyz answers 503 while calls are still served
    runtime.deps.readiness?.drain();
    if (config.shutdownDrainSeconds > 0) {
      logger.info({ signal, seconds: config.shutdownDrainSeconds }, 'shutting down: not ready, still serving');
      await new Promise<void>((resolve) => {
        const wait = setTimeout(resolve, config.shutdownDrainSeconds * 1000);
        endDrain = () => {
          clearTimeout(wait);
          resolve();
        };
      });
    }
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const timer = setTimeout(() => {
      logger.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // a connection kept alive after its request has finished would hold the close for its whole keep-alive time
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearInterval(closeIdle);
    metricsServer?.closeAllConnections();
    metricsServer?.close();
    await outboxWorker.stop({ releaseAfterMs: OUTBOX_STOP_MS });
    await runtime.close();
    // the last spans (this shutdown's calls among them) go before the process ends
    await tracing?.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'spans not sent at shutdown'));
    logger.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
