import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FILE_RULES } from '../../../domain/identity-documents.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { readForm } from '../../http/form-body.ts';
import { receiveCaptureCallback } from '../../modules/verification/identity-capture.ts';
import { signCallback } from '../callback-signature.ts';
import { CHALLENGE_STYLESHEET } from '../card-gateway/sandbox-challenge-page.ts';
import { capturePage, unknownCapturePage } from './sandbox-capture-page.ts';
import { CAPTURE_SCRIPT } from './sandbox-capture-script.ts';
import { sandboxIdentityCapture } from './sandbox-identity-capture.ts';

const PHOTO_MAX_BYTES = FILE_RULES.identity.maxBytes;
const STYLESHEET = `${CHALLENGE_STYLESHEET}
video { display: block; width: 100%; max-height: 50vh; background: GrayText; border-radius: 0.5rem; }
section button { margin: 0.25rem 0; width: 100%; }
`;

const providerOf = (c: Context<AppEnv>) =>
  sandboxIdentityCapture(c.var.deps.db, c.var.deps.clock, c.var.deps.providers.documents);

async function photo(form: Record<string, unknown>, name: string): Promise<Uint8Array> {
  const file = form[name];
  if (!(file instanceof File) || file.size === 0)
    throw new ApiError('ValidationFailed', `Take the ${name} photo`, name);
  if (file.size > PHOTO_MAX_BYTES) throw new ApiError('PayloadTooLarge', 'The photo is too large', name);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The sandbox identity-capture provider's own page and endpoint, as the
 * vendor would serve them from its domain. When the photos arrive it
 * decides and sends its signed callback to Sarraf; being on this machine,
 * it hands the callback to the receiver of `/api/hooks/identity-capture`
 * directly instead of over HTTP, signature and all.
 */
export function sandboxCaptureRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/:reference/assets/page.css', (c) => c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/:reference/assets/capture.js', (c) =>
    c.body(CAPTURE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/:reference/', async (c) => {
    const session = await providerOf(c).session(c.req.param('reference'));
    if (session?.status !== 'started') return c.html(unknownCapturePage(), 404);
    return c.html(capturePage(session));
  });
  app.post(
    '/:reference/captures',
    bodyLimit({
      maxSize: 2 * PHOTO_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new ApiError('PayloadTooLarge', 'The photos are too large');
      },
    }),
    async (c) => {
      const form = await readForm(c.req, 'Send the photos as a form');
      const photos = { document: await photo(form, 'document'), selfie: await photo(form, 'selfie') };
      const captured = await providerOf(c).capture(c.req.param('reference'), photos);
      if (!captured) throw notFound('Capture');
      const { deps } = c.var;
      const body = JSON.stringify(captured.callback);
      await receiveCaptureCallback(
        deps,
        body,
        signCallback(deps.config.identityCallbackSecret.key, body, deps.clock.now()),
      );
      return c.json({
        data: { next: `${captured.session.return_url}?capture=${encodeURIComponent(captured.session.reference)}` },
      });
    },
  );
  return app;
}
