import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { untranslatedJsxLiterals } from './untranslated-jsx.ts';

/** Every screen's TSX (client unit tests and their helpers hold no app strings). */
function appSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : appSources(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('user-visible strings go through Lingui', () => {
  const sources = appSources('src/client');

  it('reads the screens', () => {
    expect(sources.length).toBeGreaterThan(50);
  });

  // parsing every screen is CPU work: ~1 s on a quiet machine, several at load 20, so it gets the time it needs
  it('no JSX text, string child or read attribute skips Lingui', { timeout: 60_000 }, () => {
    const findings = sources.flatMap((path) =>
      untranslatedJsxLiterals(path, readFileSync(path, 'utf8')).map(({ line, text }) => `${path}:${line} ${text}`),
    );
    expect(findings, 'wrap these in <Trans> or t`…`').toEqual([]);
  });
});

describe('the literal-string check', () => {
  const found = (source: string) => untranslatedJsxLiterals('probe.tsx', source).map((f) => f.text);

  it('finds text, string children and read attributes outside Lingui', () => {
    expect(found('const a = <p>Hello there</p>;')).toEqual(['Hello there']);
    expect(found("const a = <p>{'Close'}</p>;")).toEqual(['Close']);
    expect(found("const a = <p>{open ? 'Hide' : 'Show'}</p>;")).toEqual(['Hide', 'Show']);
    expect(found('const a = <input placeholder="MM/YY" aria-label={`Card`} />;')).toEqual(['MM/YY', 'Card']);
    expect(found('const a = <p>Kül <b>ö</b></p>;')).toEqual(['Kül', 'ö']);
  });

  it('lets translated text, symbols and code-only attributes through', () => {
    expect(found('const a = <p><Trans>Hello <strong>there</strong></Trans></p>;')).toEqual([]);
    expect(found('const a = <p aria-label={t`Close`}>{t`Hello`} · — 4242 {name}</p>;')).toEqual([]);
    expect(found('const a = <p className="card" id="main" data-testid="x" type="button" />;')).toEqual([]);
    expect(found("const a = <p>{x === 'ready' ? <b /> : null}</p>;")).toEqual([]);
  });
});
