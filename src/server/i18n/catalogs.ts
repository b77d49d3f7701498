import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLocale, type Locale } from '../../domain/locales.ts';

/** The client's catalogs, the one source of every translation (read from the working directory, as `dist` is). */
const LOCALES_DIR = 'locales';

/** A PO string literal's text: `"a \"b\"\n"` → `a "b"` and a newline. */
function unquote(literal: string): string {
  return JSON.parse(literal) as string;
}

/**
 * msgid → msgstr of one catalog. Lingui writes each string as one quoted
 * line, or an empty one followed by continuation lines; an empty msgstr
 * (not translated) is left out, so the source text stands in.
 */
export function parsePo(text: string): Map<string, string> {
  const messages = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | undefined;
  let id = '';
  let str = '';
  const flush = () => {
    if (id && str) messages.set(id, str);
    id = '';
    str = '';
  };
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line);
    if (start) {
      if (start[1] === 'msgid') flush();
      field = start[1] as 'msgid' | 'msgstr';
      if (field === 'msgid') id = unquote(start[2] ?? '""');
      else str = unquote(start[2] ?? '""');
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') id += unquote(line);
      else str += unquote(line);
    } else {
      field = undefined;
    }
  }
  flush();
  return messages;
}

const loaded = new Map<Locale, Map<string, string>>();

function catalog(locale: Locale): Map<string, string> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = parsePo(readFileSync(join(LOCALES_DIR, locale, 'messages.po'), 'utf8'));
    loaded.set(locale, messages);
  }
  return messages;
}

/**
 * A message of the client's catalogs in the customer's language (an unknown
 * locale or an untranslated message: British English), its `{name}`
 * placeholders filled in.
 */
export function translate(locale: string, source: string, values: Readonly<Record<string, string>> = {}): string {
  const translated = (isLocale(locale) ? catalog(locale).get(source) : undefined) ?? source;
  return translated.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}
