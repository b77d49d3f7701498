import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { type Beneficiary, beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useAskFirst } from '../../lib/api/primed-answers.ts';
import { isOffline, useEndpoint } from '../../lib/api/use-endpoint.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { PAYOUT_TYPE_NAMES } from '../../lib/payout-type-names.ts';
import { regionNames } from '../../lib/region-names.ts';
import { buttonClass } from '../../ui/button.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, RevealTogether } from '../../ui/loader-overlay.tsx';
import {
  type NetworkActionProps,
  OfflineNothingYet,
  OfflineNotice,
  useNetworkActions,
} from '../../ui/offline-notice.tsx';
import { useToast } from '../../ui/toast.tsx';
import styles from './beneficiary-form.module.css';
import { RecipientFormLoading } from './recipient-form-state.tsx';
import list from './recipients.module.css';
import { askAnswers } from './recipients-answers.ts';

// The form and its checks (libphonenumber-js's metadata among them, ≈ 30 KB brotli) load when a recipient is first
// edited, not with the list: the list's first paint on a slow network waited for them.
const RecipientEditor = lazy(() =>
  import('./recipient-editor.tsx').then((module) => ({ default: module.RecipientEditor })),
);

/**
 * /recipients: the customer's saved recipients, to send to (`sendTo`, the send flow's button, handed in by the
 * route), edit or delete; and the way to add one (`addRecipient`, the send flow's corridor choice and recipient
 * form, handed in by the route, which calls `done` once saved or left).
 */
export function RecipientsScreen({
  sendTo,
  addRecipient,
}: {
  sendTo: (recipient: Beneficiary, actionProps: NetworkActionProps) => ReactNode;
  addRecipient: (done: () => void) => ReactNode;
}) {
  const { t } = useLingui();
  const { toast, show } = useToast();
  useAskFirst(askAnswers);
  const recipients = useEndpoint(beneficiariesApi.listBeneficiaries, { query: {} });
  const [editing, setEditing] = useState<Beneficiary>();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Beneficiary>();
  // adding, editing, deleting and sending need the server: off while the list is last-known or not loaded offline
  const offline =
    (recipients.status === 'ready' && recipients.offline) ||
    (recipients.status === 'failed' && isOffline(recipients.error));
  const { reason, actionProps } = useNetworkActions(offline);

  if (adding) {
    return (
      <div className={list.form}>
        <Suspense fallback={<RecipientFormLoading />}>
          {addRecipient(() => {
            setAdding(false);
            recipients.reload();
          })}
        </Suspense>
      </div>
    );
  }
  if (editing) {
    return (
      <div className={list.form}>
        <Suspense fallback={<RecipientFormLoading />}>
          <RecipientEditor
            recipient={editing}
            onDone={() => {
              setEditing(undefined);
              recipients.reload();
            }}
          />
        </Suspense>
      </div>
    );
  }
  return (
    <>
      <h1>
        <Trans>Recipients</Trans>
      </h1>
      {/* the list and the actions under it come together, so the list's arrival does not move the actions */}
      <RevealTogether
        waiting={recipients.status === 'loading'}
        loading={
          <LoaderOverlay type="text">
            <Trans>Loading your recipients…</Trans>
          </LoaderOverlay>
        }
      >
        {recipients.status === 'failed' && isOffline(recipients.error) ? (
          <>
            <OfflineNothingYet />
            {reason}
          </>
        ) : recipients.status === 'failed' ? (
          <LoadFailed onRetry={recipients.reload}>
            <Trans>We could not load your recipients.</Trans>
          </LoadFailed>
        ) : recipients.status === 'loading' ? null : (
          <>
            {recipients.offline ? <OfflineNotice asOf={recipients.asOf} /> : null}
            {reason}
            {recipients.data.data.length === 0 ? (
              <p className={list.empty}>
                <Trans>You don't have recipients</Trans>
              </p>
            ) : (
              <ul className={list.list} aria-label={t`Your recipients`}>
                {recipients.data.data.map((recipient) => (
                  <RecipientItem
                    key={recipient.id}
                    recipient={recipient}
                    send={sendTo(recipient, actionProps)}
                    actionProps={actionProps}
                    onEdit={() => setEditing(recipient)}
                    onDelete={() => setDeleting(recipient)}
                  />
                ))}
              </ul>
            )}
          </>
        )}
        <div className={list.actions}>
          <button type="button" className={buttonClass('secondary')} {...actionProps} onClick={() => setAdding(true)}>
            <Trans>Add recipient</Trans>
          </button>
          <Link to="/send-money/quote" className={buttonClass('primary')}>
            <Trans>Send money</Trans>
          </Link>
        </div>
      </RevealTogether>
      {deleting ? (
        <DeleteRecipientDialog
          recipient={deleting}
          onClose={() => setDeleting(undefined)}
          onDeleted={() => {
            const name = deleting.display_name;
            setDeleting(undefined);
            show(t`${name} deleted`);
            recipients.reload();
          }}
        />
      ) : null}
      {toast}
    </>
  );
}

interface RecipientItemProps {
  recipient: Beneficiary;
  send: ReactNode;
  /** disables editing and deleting while the list is last-known (offline) */
  actionProps: NetworkActionProps;
  onEdit: () => void;
  onDelete: () => void;
}

function RecipientItem({ recipient, send, actionProps, onEdit, onDelete }: RecipientItemProps) {
  const { i18n } = useLingui();
  const country = regionNames(i18n.locale).of(recipient.country_iso2);
  const name = recipient.display_name;
  return (
    <li className={list.item}>
      <span className={list.name}>{name}</span>
      <span className={list.detail}>
        {country} · {i18n._(PAYOUT_TYPE_NAMES[recipient.payout_type])} · {recipient.payout_label}
      </span>
      <span className={list.actions}>
        {send}
        <button type="button" className={buttonClass('secondary')} {...actionProps} onClick={onEdit}>
          <Trans>
            Edit <span className="visually-hidden">{name}</span>
          </Trans>
        </button>
        <button type="button" className={buttonClass('ghost')} {...actionProps} onClick={onDelete}>
          <Trans>
            Delete <span className="visually-hidden">{name}</span>
          </Trans>
        </button>
      </span>
    </li>
  );
}

interface DeleteRecipientDialogProps {
  recipient: Beneficiary;
  onClose: () => void;
  onDeleted: () => void;
}

function DeleteRecipientDialog({ recipient, onClose, onDeleted }: DeleteRecipientDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const name = recipient.display_name;

  const remove = async () => {
    setBusy(true);
    try {
      await call(beneficiariesApi.deleteBeneficiary, { params: { id: recipient.id } });
      onDeleted();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // already gone is what was asked for
      if (error.status === 404) onDeleted();
      else showErrorModal(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} role="alertdialog" size="sm">
      <h2 id={titleId}>
        <Trans>Delete {name}?</Trans>
      </h2>
      <p>
        <Trans>
          {name} ({recipient.payout_label}) leaves your recipients. Transfers already made to them are not affected.
        </Trans>
      </p>
      <div className={styles.dialogActions}>
        <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void remove()}>
          {busy ? <Trans>Deleting…</Trans> : <Trans>Delete recipient</Trans>}
        </button>
      </div>
      <form method="dialog">
        <button type="submit" className={buttonClass('ghost')}>
          <Trans>Cancel</Trans>
        </button>
      </form>
    </Dialog>
  );
}
