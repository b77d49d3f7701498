import { Hono } from 'hono';
import { enums, object, pattern, size, string } from 'superstruct';
import { DOCUMENT_KINDS } from '../../../domain/verification-machine.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';
import { clearWatchlistReview, requestDocumentByReviewer } from './review-clearance.ts';

const Clearance = object({
  /** who decided, e.g. their staff id */
  reviewer: size(pattern(string(), /^[\w.@-]+$/), 1, 64),
  /** why the hit is a false match */
  note: size(pattern(string(), /\S/), 1, 500),
});

const DocumentRequest = object({
  reviewer: Clearance.schema.reviewer,
  /** why the document is needed */
  note: Clearance.schema.note,
  document: enums(DOCUMENT_KINDS),
});

/**
 * The sandbox compliance desk: a reviewer's decision on a customer held by
 * a watchlist hit, or a reviewer asking a customer for a document (README
 * "Sandbox documented values"). Mounted only in
 * sandbox mode; a real deployment takes this decision in its back office.
 */
export function sandboxReviewRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/reviews/:customerId/clear', jsonBody(Clearance), async (c) => {
    const { reviewer, note } = c.req.valid('json');
    const status = await clearWatchlistReview(c.var.deps, c.req.param('customerId'), reviewer, note);
    return c.json({ data: { verification_status: status } });
  });
  app.post('/reviews/:customerId/request-document', jsonBody(DocumentRequest), async (c) => {
    const { reviewer, note, document } = c.req.valid('json');
    const status = await requestDocumentByReviewer(c.var.deps, c.req.param('customerId'), document, reviewer, note);
    return c.json({ data: { verification_status: status } });
  });
  return app;
}
