import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { getRequestListener, RequestError } from '@hono/node-server';
import { REQUEST_ID_HEADER } from '../../domain/contract/endpoint.ts';
import { type ErrorType, errorStatus, errorUrn } from '../../domain/errors.ts';
import { type Arrival, HSTS, type HstsSettings, servedOverHttps } from './hsts.ts';
import type { Logger } from './logger.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/**
 * The Node HTTP server for the app. Requests refused before the app sees them
 * are answered in the SPEC §8 envelope with an `x-request-id` too, not with
 * Node's bare status line: headers or URL past Node's limit (16 KiB), bytes
 * that are not HTTP, and requests the adapter cannot make a URL of (no or a
 * bad Host header). Each carries the headers every answer of the app does,
 * HSTS included when it travels over https (hsts.ts).
 */

interface Refusal {
  id: string;
  status: number;
  body: string;
}

function refuse(logger: Logger, type: ErrorType, message: string, reason: string): Refusal {
  const id = randomUUID();
  const status = errorStatus(type);
  logger.info({ request_id: id, status, reason }, 'request refused before the app');
  return { id, status, body: JSON.stringify({ errors: [{ type: errorUrn(type), message, property_path: null }] }) };
}

/** A refusal is an answer like any other: never stored, with the app's security headers. */
const REFUSAL_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store', ...SECURITY_HEADERS };
/** The same, over https. */
const HTTPS_REFUSAL_HEADERS: Readonly<Record<string, string>> = {
  ...REFUSAL_HEADERS,
  'Strict-Transport-Security': HSTS,
};

/** How a connection reached us; `request` when Node parsed one (its `X-Forwarded-Proto` then counts). */
function arrivalOf(socket: Duplex, request?: IncomingMessage): Arrival {
  const connection = socket as Partial<TLSSocket>;
  return {
    encrypted: connection.encrypted === true,
    peer: connection.remoteAddress,
    forwardedProto: () => {
      const proto = request?.headers['x-forwarded-proto'];
      return Array.isArray(proto) ? proto.join(',') : proto;
    },
  };
}

/** Node could not parse the request: answer on the socket and close it. */
function clientError(logger: Logger, transport: HstsSettings) {
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { id, status, body } =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? refuse(logger, 'HeadersTooLarge', 'The request headers or URL are too large', err.code)
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? refuse(logger, 'RequestTimeout', 'The request took too long to arrive', err.code)
          : refuse(logger, 'ValidationFailed', 'The request is malformed', err.code ?? err.message);
    const headers = servedOverHttps(transport, arrivalOf(socket)) ? HTTPS_REFUSAL_HEADERS : REFUSAL_HEADERS;
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${REQUEST_ID_HEADER}: ${id}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  };
}

/** The adapter's listener, whose own refusals (no Request could be made, or an error escaped the app) carry `headers`. */
function requestListener(
  fetch: (request: Request) => Response | Promise<Response>,
  logger: Logger,
  headers: Readonly<Record<string, string>>,
) {
  return getRequestListener(fetch, {
    // a RequestError: no Request could be made of what came in; anything else escaped the app
    errorHandler: (err) => {
      const unread = err instanceof RequestError;
      if (!unread) logger.error({ err }, 'unhandled error');
      const { id, status, body } = unread
        ? refuse(logger, 'ValidationFailed', 'The request is malformed', err.message)
        : refuse(logger, 'OpsSomethingWentWrong', 'Something went wrong', 'unhandled error');
      return new Response(body, {
        status,
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: id, ...headers },
      });
    },
  });
}

const KEEP_ALIVE_MS = 65_000;

export function createNodeServer(
  fetch: (request: Request) => Response | Promise<Response>,
  logger: Logger,
  transport: HstsSettings,
): Server {
  const plain = requestListener(fetch, logger, REFUSAL_HEADERS);
  const secure = requestListener(fetch, logger, HTTPS_REFUSAL_HEADERS);
  // the app decides HSTS for its own answers the same way (security-headers.ts); this is for the adapter's refusals
  const listener: RequestListener = (incoming, outgoing) =>
    (servedOverHttps(transport, arrivalOf(incoming.socket, incoming)) ? secure : plain)(incoming, outgoing);
  // Node's own refusal of a request without Host is a bare 400; the adapter refuses it through errorHandler.
  // A kept-alive connection stays open longer than a client or a load balancer keeps one idle (commonly 60 s): with
  // Node's 5 s, a client sending on it just as the server closes it gets a reset (seen from an e2e's API client).
  const server = createServer({ requireHostHeader: false }, listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.on('clientError', clientError(logger, transport));
  return server;
}
