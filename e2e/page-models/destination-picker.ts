import type { Locator } from '@playwright/test';

/**
 * Type into a destination picker (a combobox), then choose from its list with the keyboard: the entry named
 * `option`, or the first one.
 */
export async function chooseDestination(picker: Locator, typed: string, option?: string): Promise<void> {
  await picker.fill(typed);
  const list = picker.page().getByRole('listbox');
  if (option) {
    await list.getByRole('option', { name: option, exact: true }).click();
    return;
  }
  await picker.press('ArrowDown');
  await picker.press('Enter');
}
