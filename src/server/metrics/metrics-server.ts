import { createServer, type Server } from 'node:http';
import type { Logger } from '../http/logger.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), apart from the app's: the reverse proxy forwards only the
 * app's port, so the metrics are reachable on the deployment's inner network alone, with no secret to hand out,
 * and a scrape passes through none of the app's middleware, limits or access log.
 */
export function createMetricsServer(metrics: Metrics, logger: Logger): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.scrape().then(
      ({ body, contentType }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
}
