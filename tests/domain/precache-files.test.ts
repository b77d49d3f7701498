import { describe, expect, it } from 'vitest';
import { languageOfFile, ON_DEMAND_FILE, PAGE_CATALOG_FILE, pageCatalogFile } from '../../src/domain/precache-files.ts';
import { shellPages } from '../../src/domain/shell-pages.ts';

describe('the files left out of the precache', () => {
  it('are the on-demand chunks (Adyen Web, the PDF writer, Onfido’s Web SDK loader and its facades), never a screen', () => {
    for (const file of [
      'assets/adyen-web-Cx1.js',
      'assets/adyen-web-Cx1.css',
      'assets/pdf-D9k.js',
      'assets/onfido-D0Oe5HT8.js',
      'assets/Onfido-BPc_ylP9.js',
      'assets/onfido-capture-6JJyhK7T.js',
    ]) {
      expect(ON_DEMAND_FILE.test(file), file).toBe(true);
    }
    for (const file of [
      'assets/shell-DfMLrT-U.js',
      'assets/first-home-BpdExfFo.js',
      'assets/screens~verification~verification~profile~verification-tasks~onfido-capture-B0weUIys.js',
      'index.html',
    ]) {
      expect(ON_DEMAND_FILE.test(file), file).toBe(false);
    }
  });
});

describe("a first screen's own messages", () => {
  it('are named by their language and screen, and told from the catalog’s parts and other languages’ files', () => {
    const file = pageCatalogFile('sv', 'country-of-residence', 'a_B-9xY');
    expect(file).toBe('assets/lang~sv~page.country-of-residence.a_B-9xY.js');
    expect(PAGE_CATALOG_FILE.exec(file)?.slice(1)).toEqual(['sv', 'country-of-residence']);
    expect(PAGE_CATALOG_FILE.test(`/${file}`)).toBe(true);
    expect(languageOfFile(file)).toBe('sv');
    for (const other of [
      'assets/lang~sv~messages-first-D1SLsHa.js',
      'assets/lang~so~somali-date-names-BZs_SzR.js',
      'assets/first-home-BpdExfFo.js',
    ]) {
      expect(PAGE_CATALOG_FILE.test(other), other).toBe(false);
    }
  });
});

describe('the shell pages', () => {
  const preloads = {
    routes: [
      {
        pattern: '/home',
        scripts: ['/assets/first-home-1.js'],
        catalogs: { sv: '/assets/lang~sv~page.home.1.js' },
        screen: 3,
      },
    ],
    catalogs: { sv: '/assets/lang~sv~messages-first-1.js' },
  };
  const html = '<!doctype html><html lang="en-GB"><head></head><body></body></html>';

  it("name a first screen's own messages on a first visit, the first part of the catalog in the worker's pages", () => {
    expect(shellPages(html, preloads, { firstVisit: true })('/home', 'sv')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/lang~sv~page.home.1.js" data-catalog="sv" data-screen="3">',
    );
    const worker = shellPages(html, preloads)('/home', 'sv');
    expect(worker).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/lang~sv~messages-first-1.js" data-catalog="sv">',
    );
    expect(worker).not.toContain('page.home');
    expect(worker).toContain('<html lang="sv">');
  });

  it('ignore a preloads file not of their shape', () => {
    const page = shellPages(html, { routes: [{ pattern: '/home', scripts: [], screen: 'three' }], catalogs: {} });
    expect(page('/home', 'sv')).not.toContain('modulepreload');
  });
});
