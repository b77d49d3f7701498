import { fireEvent, screen } from '@testing-library/react';

/** Type into the destination picker labelled `label` and choose the entry named `option` (a country or a city). */
export async function chooseDestination(label: string, typed: string, option: string): Promise<void> {
  const picker = await screen.findByRole('combobox', { name: label });
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.click(screen.getByRole('option', { name: option }));
}
