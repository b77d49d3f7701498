import { html, raw } from 'hono/html';
import { SANDBOX_DOCUMENT_NAMES } from '../identity-documents/sandbox-document-provider.ts';
import { sandboxPage } from '../sandbox-page.ts';
import type { SandboxCaptureSession } from './sandbox-identity-capture.ts';

/**
 * The sandbox identity-capture provider's page. It stands for the vendor's
 * own page, so it is in English only and outside the app's catalogues; its
 * script is a file of its own (`sandbox-capture-script.ts`), as the app's
 * CSP allows no inline script or style. Paths are relative to
 * /…/identity/:reference/, where every page here is served.
 */
const HEADING = 'Sandbox identity check — take your photos';
// a plain string: a closing script tag inside a template literal makes the server's bundler lower the template
const SCRIPT = raw('<script type="module" src="assets/capture.js"></script>');

const DOCUMENT_NAMES: Record<string, string> = {
  Passport: 'passport',
  ID: 'identity card',
  DriversLicense: 'driving licence',
};

function page(title: string, body: unknown) {
  return sandboxPage('assets/page.css', title, body, SCRIPT);
}

/** The capture: the camera's preview, a photo of the document, a selfie, and sending them. */
export function capturePage(session: SandboxCaptureSession) {
  const documentName = DOCUMENT_NAMES[session.document_type] ?? 'document';
  return page(
    HEADING,
    html`<h1>${HEADING}</h1>
<p>Sarraf asks us to check your ${documentName}: we take a photo of its front and a selfie with your camera.</p>
<p>This is a sandbox: nothing leaves this machine. The first name decides the outcome:
${SANDBOX_DOCUMENT_NAMES.rejected} fails, ${SANDBOX_DOCUMENT_NAMES.review} goes to a manual review, any other passes.</p>
<section id="camera" aria-labelledby="camera-heading">
<h2 id="camera-heading">Camera</h2>
<video id="preview" muted playsinline aria-label="Camera preview"></video>
<p id="step" role="status">Allow the camera to start.</p>
<button type="button" id="take-document" class="primary" disabled>Take a photo of the ${documentName}</button>
<button type="button" id="take-selfie" disabled>Take a selfie</button>
<button type="button" id="send" class="primary" disabled>Send the photos</button>
</section>
<section id="denied" aria-labelledby="denied-heading" hidden>
<h2 id="denied-heading" tabindex="-1">Your camera cannot be used</h2>
<p>The camera was refused or is not available, so we cannot take the photos here. You can upload photos of your
${documentName} and a selfie in Sarraf instead, or allow the camera in your browser's settings and open this page again.</p>
<p><a href="${session.fallback_url}">Upload photos in Sarraf instead</a></p>
</section>`,
  );
}

export function unknownCapturePage() {
  const title = 'Sandbox identity check — nothing to capture';
  return page(
    title,
    html`<h1>${title}</h1>
<p>There is no identity check waiting at this address. Go back to Sarraf and start again.</p>`,
  );
}
