import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useRef, useState } from 'react';
import type { HolderName } from '../../../domain/account-check.ts';
import { type Beneficiary, beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { isOffline, useEndpoint, useLoad } from '../../lib/api/use-endpoint.ts';
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
import { AccountCheckDialog, confirmedAfterCheck, typedHolderName, withHolderName } from './account-check-dialog.tsx';
import { accountRefusalErrors } from './account-check-errors.ts';
import styles from './beneficiary-form.module.css';
import { BeneficiaryForm } from './beneficiary-form.tsx';
import { loadBeneficiarySchema } from './load-beneficiary-schema.ts';
import { mobileConfirmationBody } from './mobile-confirmation.ts';
import { clearRecipientFormDraft, readRecipientFormDraft, saveRecipientFormDraft } from './recipient-form-draft.ts';
import { RecipientFormState } from './recipient-form-state.tsx';
import list from './recipients.module.css';
import { serverFieldErrors } from './server-field-errors.ts';

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
        {addRecipient(() => {
          setAdding(false);
          recipients.reload();
        })}
      </div>
    );
  }
  if (editing) {
    return (
      <div className={list.form}>
        <RecipientEditor
          recipient={editing}
          onDone={() => {
            setEditing(undefined);
            recipients.reload();
          }}
        />
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

/** The recipient's form for their corridor, filled with what is saved; saving updates them. */
function RecipientEditor({ recipient, onDone }: { recipient: Beneficiary; onDone: () => void }) {
  const { i18n } = useLingui();
  const corridor = {
    country: recipient.country_iso2,
    payoutType: recipient.payout_type,
    currency: recipient.currency_iso3,
  };
  // changes typed but not saved come back when the customer edits this recipient again (a reload, going offline)
  const formKey = `edit:${recipient.id}`;
  const schema = useLoad(async (signal) => {
    const [loaded, typed] = await Promise.all([
      loadBeneficiarySchema(corridor, signal),
      readRecipientFormDraft(formKey),
    ]);
    return { loaded, typed };
  }, recipient.id);

  /** A close name or no answer from the account lookup: the customer decides, as when adding a recipient. */
  const [undecided, setUndecided] = useState<{ values: Record<string, string>; registered: HolderName | undefined }>();
  const [deciding, setDeciding] = useState(false);

  // what the form's SMS box said when it was sent: kept while the customer decides on the account lookup
  const notifyBySms = useRef(recipient.notify_by_sms);
  // and the mobile number typed again, if the form asked for it (it changed)
  const mobileConfirmation = useRef<string | undefined>(undefined);
  const update = async (values: Record<string, string>, confirmed: boolean) => {
    try {
      await call(beneficiariesApi.updateBeneficiary, {
        params: { id: recipient.id },
        body: {
          values,
          notify_by_sms: notifyBySms.current,
          ...mobileConfirmationBody(mobileConfirmation.current),
          ...confirmedAfterCheck(confirmed),
        },
      });
      await clearRecipientFormDraft(formKey);
      onDone();
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      if (error.type === 'AccountCheckNotConfirmed' && !confirmed) {
        const body = {
          destination_country: corridor.country,
          payout_type: corridor.payoutType,
          destination_currency: corridor.currency,
          values,
        };
        const check = await call(beneficiariesApi.checkAccount, { body });
        setUndecided({ values, registered: check.registered_name ?? undefined });
        return undefined;
      }
      const fieldErrors = accountRefusalErrors(i18n, error, recipient.currency_iso3) ?? serverFieldErrors(i18n, error);
      if (!fieldErrors) showErrorModal(error);
      return fieldErrors;
    }
  };

  const decide = async (name: HolderName) => {
    if (!undecided) return;
    setDeciding(true);
    const errors = await update(withHolderName(undecided.values, name), true);
    setDeciding(false);
    setUndecided(undefined);
    if (errors && Object.keys(errors).length > 0) showErrorModal(null);
  };

  const name = recipient.display_name;
  return (
    <>
      <h1>
        <Trans>Edit {name}</Trans>
      </h1>
      <RecipientFormState schema={schema}>
        {(form) => (
          <BeneficiaryForm
            loaded={form.loaded}
            initialValues={{ ...recipient.values, ...form.typed }}
            saved={recipient.values}
            initialCard={recipient.card}
            submitLabel={<Trans>Save changes</Trans>}
            submittingLabel={<Trans>Saving…</Trans>}
            smsOptIn={recipient.notify_by_sms}
            onSubmit={(values, notify, confirmation) => {
              notifyBySms.current = notify;
              mobileConfirmation.current = confirmation;
              return update(values, false);
            }}
            onValuesChange={(values) => saveRecipientFormDraft(formKey, values)}
          />
        )}
      </RecipientFormState>
      {undecided ? (
        <AccountCheckDialog
          registered={undecided.registered}
          typed={typedHolderName(undecided.values)}
          busy={deciding}
          onContinue={(name) => void decide(name)}
          onClose={() => setUndecided(undefined)}
        />
      ) : null}
      <button
        type="button"
        className={buttonClass('ghost')}
        onClick={() => {
          // leaving without saving is the customer's choice: nothing typed is kept
          void clearRecipientFormDraft(formKey);
          onDone();
        }}
      >
        <Trans>Back to recipients</Trans>
      </button>
    </>
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
