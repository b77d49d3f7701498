import type { Locator, Page } from '@playwright/test';

/** Each language's option label, as the selector shows it (the language's own name). */
export const LANGUAGE_LABELS = { 'en-GB': 'English (UK)', so: 'Soomaali', sv: 'Svenska' } as const;
export type ShellLanguage = keyof typeof LANGUAGE_LABELS;

/** What every screen has: its heading, the language selector and the document's language. */
export class AppShell {
  readonly heading: Locator;
  readonly languageSelect: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    // The selector's label is itself translated.
    this.languageSelect = page.getByRole('combobox', { name: /Language|Språk|Luqadda/ });
  }

  async open(path: string): Promise<void> {
    await this.page.goto(path);
    await this.heading.waitFor();
  }

  async chooseLanguage(language: ShellLanguage): Promise<void> {
    await this.languageSelect.selectOption({ label: LANGUAGE_LABELS[language] });
  }

  documentLanguage(): Promise<string | null> {
    return this.page.locator('html').getAttribute('lang');
  }
}
