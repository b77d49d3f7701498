import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';

/**
 * Every message the code uses is in every catalog, translated. Without this,
 * a string added without `npm run i18n` shows its hashed id (e.g. "u/GBbJ")
 * to every customer, in every language.
 */
describe('translation catalogs', async () => {
  const config = getConfig({ configPath: 'lingui.config.ts', skipValidation: true });
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  const used = await catalog.collect();
  if (!used) throw new Error('the messages could not be extracted');
  const usedIds = Object.keys(used).sort();

  it('finds the messages the code uses', () => {
    expect(usedIds.length).toBeGreaterThan(400);
  });

  it.each(config.locales)('%s has every message the code uses, each translated', async (locale) => {
    const messages = await catalog.read(locale);
    const missing = usedIds.filter((id) => !messages?.[id]).map((id) => used[id]?.message ?? id);
    expect(missing, 'run `npm run i18n` and translate what it adds').toEqual([]);
    const untranslated = usedIds
      .filter((id) => messages?.[id] && !messages[id].translation && locale !== config.sourceLocale)
      .map((id) => used[id]?.message ?? id);
    expect(untranslated, 'translate these in the catalog').toEqual([]);
  });

  it.each(config.locales)('%s has no fuzzy, obsolete or unused message', async (locale) => {
    const messages = Object.entries((await catalog.read(locale)) ?? {});
    const fuzzy = messages
      .filter(([, entry]) => (entry.extra as { flags?: string[] } | undefined)?.flags?.includes('fuzzy'))
      .map(([, e]) => e.message);
    expect(fuzzy, 'review these translations and drop their fuzzy flag').toEqual([]);
    const stale = messages.filter(([id, entry]) => entry.obsolete || !used[id]).map(([id, e]) => e.message ?? id);
    expect(stale, 'run `npm run i18n` (it drops what the code no longer uses)').toEqual([]);
  });

  it('reads placeholders and tags, not the words inside plurals', () => {
    expect(slots('{0, plural, one {# day} other {# days}} for <0>{name}</0>')).toBe('0 <0> <0> name');
    expect(slots('Hej {name}')).not.toBe(slots('Hej {namn}'));
  });

  it.each(config.locales.filter((locale) => locale !== config.sourceLocale))(
    '%s keeps every placeholder and tag of the source text',
    async (locale) => {
      const messages = (await catalog.read(locale)) ?? {};
      const broken = usedIds
        .filter((id) => messages[id]?.translation)
        // a message marked /*i18n*/ (the server's e-mails and texts) is its own id: the id is its source text
        .filter((id) => slots(messages[id]?.translation ?? '') !== slots(used[id]?.message ?? id))
        .map((id) => `${used[id]?.message ?? id} → ${messages[id]?.translation}`);
      expect(broken, 'a translation lost or renamed a {placeholder} or <0>tag</0>').toEqual([]);
    },
  );
});

/** The placeholders (`{name}`, `{0, plural, …}`) and tags (`<0>`) of a message, sorted. */
function slots(message: string): string {
  const names = [...message.matchAll(/\{(\w+)\s*[,}]|<\/?(\d+)\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`);
  return names.sort().join(' ');
}
