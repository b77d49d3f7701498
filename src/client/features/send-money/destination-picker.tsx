import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import type { Destination } from './corridors.ts';
import styles from './destination-picker.module.css';
import { choiceLabel, type DestinationChoice, destinationChoices } from './destination-search.ts';

/** The entry an arrow key makes active: from none the first (down) or the last (up), wrapping at the ends. */
function nextActive(current: number, down: boolean, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return down ? 0 : count - 1;
  return (current + (down ? 1 : count - 1)) % count;
}

interface DestinationPickerProps {
  destinations: readonly Destination[];
  value: { country: string; city?: string | undefined } | undefined;
  error: string | undefined;
  fieldId: string;
  label: ReactNode;
  onChoose: (choice: DestinationChoice) => void;
}

/**
 * The destination country as a searchable list (WAI-ARIA's combobox with list
 * autocomplete): typing filters the countries by the start of their names,
 * and a prefix of SOMALILAND adds its cities; the arrows move through the
 * list, Enter chooses, Escape closes it and restores the choice; how many
 * entries match is announced.
 */
export function DestinationPicker({ destinations, value, error, fieldId, label, onChoose }: DestinationPickerProps) {
  const { i18n, t } = useLingui();
  const somaliland = t`Somaliland`;
  const chosenText = choiceLabel(destinations, value, somaliland);
  const [search, setSearch] = useState<string>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const choices = destinationChoices(destinations, search ?? '', i18n.locale, somaliland);
  const listId = `${fieldId}-list`;
  // an empty list is not shown: the status says nothing matches
  const expanded = open && choices.length > 0;
  const optionId = (index: number) => `${fieldId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
    setSearch(undefined);
  };

  const choose = (choice: DestinationChoice) => {
    close();
    onChoose(choice);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        setActive((current) => nextActive(open ? current : -1, down, choices.length));
        return;
      }
      case 'Enter': {
        const choice = open ? choices[active] : undefined;
        if (choice) {
          event.preventDefault();
          choose(choice);
        }
        return;
      }
      case 'Escape':
        if (open || search !== undefined) {
          event.preventDefault();
          close();
        }
        return;
    }
  };

  return (
    <FormField id={fieldId} label={label} error={error}>
      {(control) => (
        <div className={styles.picker}>
          <input
            {...control}
            className={inputClass}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            placeholder={t`Type a country`}
            value={search ?? chosenText}
            onChange={(event) => {
              setSearch(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onClick={() => setOpen(true)}
            onKeyDown={keyDown}
            onBlur={close}
          />
          <div id={listId} role="listbox" aria-label={t`Countries`} className={styles.list} hidden={!expanded}>
            {choices.map((choice, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant), as WAI-ARIA's combobox has them
              <div
                key={choice.key}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={styles.option}
                // keeps the focus in the field, so choosing does not blur it first
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(choice)}
              >
                {choice.label}
              </div>
            ))}
          </div>
          <p role="status" className="visually-hidden">
            {open ? (
              choices.length === 0 ? (
                <Trans>No country matches</Trans>
              ) : (
                <Plural value={choices.length} one="# destination found" other="# destinations found" />
              )
            ) : null}
          </p>
        </div>
      )}
    </FormField>
  );
}
