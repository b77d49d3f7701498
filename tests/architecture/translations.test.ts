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
});
