import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

describe('a dialog', () => {
  it('takes SPEC’s modal sizes sm, md (the default), l and xl, as an attribute the base styles size it by', () => {
    for (const size of ['sm', 'l', 'xl'] as const) {
      const { unmount } = render(
        <Dialog open onClose={() => {}} labelledBy="title" size={size}>
          <h2 id="title">Sized</h2>
        </Dialog>,
      );
      expect(screen.getByRole('dialog', { name: 'Sized' }).dataset.size).toBe(size);
      unmount();
    }
    render(
      <Dialog open onClose={() => {}} labelledBy="title">
        <h2 id="title">Default</h2>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Default' }).dataset.size).toBeUndefined();
  });
});
