const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/**
 * The HTML twin of an e-mail's plain text: the same words, a paragraph per
 * blank-line-separated block, in the message's language. Nothing is added
 * that the text does not say (no images or links to load, nothing to track).
 */
export function emailHtml(subject: string, text: string, locale: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    ...paragraphs,
    '</body>',
    '</html>',
  ].join('\n');
}
