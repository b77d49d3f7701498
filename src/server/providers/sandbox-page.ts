import { html } from 'hono/html';

/**
 * The HTML shell of a sandbox provider's own page (bank ID, bank link, 3-D Secure): English only, outside the
 * app's catalogues, with its styles from `stylesheet` (the app's CSP allows no inline style or script) and,
 * in `head`, anything else the page loads (a script of its own).
 */
export function sandboxPage(stylesheet: string, title: string, body: unknown, head: unknown = '') {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${stylesheet}">
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
