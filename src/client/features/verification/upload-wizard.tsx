import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { imageOf, kycApi } from '../../../domain/contract/kyc.ts';
import { type UploadFileField, verificationApi } from '../../../domain/contract/verification.ts';
import type { VerificationStatus } from '../../../domain/verification.ts';
import type { DocumentKind } from '../../../domain/verification-machine.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { showText, type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { checkFiles, type FileErrors, serverFileErrors } from './upload-rules.ts';
import styles from './verification.module.css';
import { DOCUMENT_TYPE_TEXTS, FILE_FIELD_TEXTS, PHOTO_TIPS } from './verification-texts.ts';

type DocumentTypeName = keyof typeof DOCUMENT_TYPE_TEXTS;
/** A document type the customer may choose, with the file of each step it takes after the choice. */
export interface TypeChoice {
  type: DocumentTypeName;
  fields: UploadFileField[];
}

const msgChoose = msg`Choose a document`;
const ACCEPT = 'image/jpeg,image/png,application/pdf';

/** How the wizard ends: uploaded, or (an optional request only) skipped. */
export interface WizardEnds {
  /** with the status the customer's verification has after it */
  onUploaded: (status: VerificationStatus) => void;
  /** given when the request is optional: the customer may leave it for later */
  onSkip?: (() => void) | undefined;
}

/**
 * The upload's form: an identity document in SPEC's shape (`data`, a list of
 * one command, its images as `files[<guid>][front_image|back_image|selfie_image]`),
 * a proof as the manual upload takes it (`document`, `type`, `scan1` or `scans[]`).
 */
function formOf(kind: DocumentKind, choice: TypeChoice, files: Partial<Record<UploadFileField, File[]>>): FormData {
  const form = new FormData();
  const guid = kind === 'identity' ? crypto.randomUUID() : null;
  if (guid) form.append('data', JSON.stringify([{ cmd: 'document', guid, document_type: choice.type }]));
  else {
    form.append('document', kind);
    form.append('type', choice.type);
  }
  for (const name of choice.fields) {
    for (const file of files[name] ?? []) form.append(guid ? `files[${guid}][${imageOf(name)}]` : name, file);
  }
  return form;
}

/** What the server said when it refused the upload as a whole: its message, and each error of its list. */
interface Refusal {
  message: Text;
  errors: string[];
}

/**
 * SPEC §4's manual upload wizard: (1) choose the document's type (Next stays off until one is chosen; Skip only
 * when the request is optional), then one step per file it takes: (2) the front, or the files of a proof,
 * (3) the back, for an ID card or a driving licence only, (4) the selfie; the last one uploads, with its
 * progress, and (5) `onUploaded` shows what happens next (the status modal). A file the server refuses takes the customer back to
 * its step, with the reason.
 */
export function UploadWizard({
  kind,
  choices,
  onUploaded,
  onSkip,
}: { kind: DocumentKind; choices: TypeChoice[] } & WizardEnds) {
  const { i18n } = useLingui();
  const id = useId();
  const [type, setType] = useState<DocumentTypeName | ''>('');
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<Partial<Record<UploadFileField, File[]>>>({});
  const [errors, setErrors] = useState<FileErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  const chosen = choices.find((choice) => choice.type === type);
  const fields = chosen?.fields ?? [];
  // before a type is chosen, as many steps as the longest choice takes
  const stepCount = 1 + (chosen ? fields.length : Math.max(1, ...choices.map((choice) => choice.fields.length)));
  const stepNumber = step + 1;
  const field = step > 0 ? fields[step - 1] : undefined;
  const lastStep = step === fields.length;
  const say = (text: Text) => showText(i18n, text);
  const percent = i18n.number(sent, { style: 'percent' });

  async function upload(choice: TypeChoice) {
    setSending(true);
    setSent(0);
    try {
      const form = formOf(kind, choice, files);
      const uploaded =
        kind === 'identity'
          ? await call(kycApi.document, { form, onUploadProgress: setSent })
          : await call(verificationApi.uploadDocument, { form, onUploadProgress: setSent });
      onUploaded(uploaded.verification_status);
    } catch (error) {
      const onField = error instanceof ApiFailure ? serverFileErrors(error, kind) : null;
      const refused = onField ? choice.fields.findIndex((name) => name in onField) : -1;
      if (onField && refused >= 0) {
        setErrors(onField);
        setStep(refused + 1);
      } else if (error instanceof ApiFailure && error.status < 500 && error.status > 0) {
        setRefusal({
          message: textFor(error.message),
          errors: error.errors.length > 1 ? error.errors.map((item) => item.message) : [],
        });
      } else reportUnexpected(error, (text) => setRefusal({ message: text, errors: [] }));
    } finally {
      setSending(false);
    }
  }

  function next(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setRefusal(null);
    if (field) {
      const found = checkFiles(kind, [field], files);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    if (lastStep) void upload(chosen);
    else setStep(step + 1);
  }

  return (
    <form className={styles.upload} onSubmit={next} noValidate>
      <p className={styles.stepCount}>
        <Trans>
          Step {stepNumber} of {stepCount}
        </Trans>
      </p>
      {step === 0 ? <p className={styles.tips}>{i18n._(PHOTO_TIPS[kind])}</p> : null}
      <div hidden={step !== 0}>
        <FormField id={`${id}-type`} label={<Trans>Which document is it?</Trans>}>
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={type}
              onChange={(e) => {
                setType(e.target.value as DocumentTypeName);
                setFiles({});
                setErrors({});
              }}
            >
              <option value="" disabled>
                {i18n._(msgChoose)}
              </option>
              {choices.map((choice) => (
                <option key={choice.type} value={choice.type}>
                  {i18n._(DOCUMENT_TYPE_TEXTS[choice.type])}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {/* every file of the choice stays in the form, its step's alone shown: going back keeps what was chosen */}
      {fields.map((name, at) => (
        <div key={`${type}-${name}`} hidden={step !== at + 1}>
          <FormField
            id={`${id}-${name}`}
            label={i18n._(FILE_FIELD_TEXTS[name])}
            error={errors[name] ? say(errors[name]) : undefined}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                className={styles.file}
                accept={ACCEPT}
                multiple={name === 'scans[]'}
                capture={name === 'selfie' ? 'user' : name === 'scans[]' ? undefined : 'environment'}
                onChange={(e) => setFiles((current) => ({ ...current, [name]: [...(e.target.files ?? [])] }))}
              />
            )}
          </FormField>
        </div>
      ))}
      {refusal ? (
        <InlineMessage tone="error">
          <p>{say(refusal.message)}</p>
          {refusal.errors.length > 0 ? (
            <ul>
              {refusal.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
        </InlineMessage>
      ) : null}
      {sending ? (
        <div className={styles.progress} role="status">
          <progress aria-labelledby={`${id}-progress`} max={100} value={Math.round(sent * 100)} />
          <span id={`${id}-progress`}>
            <Trans>Uploading your document… {percent}</Trans>
          </span>
        </div>
      ) : null}
      <div className={styles.actions}>
        {step > 0 ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={sending}
            onClick={() => {
              setRefusal(null);
              setStep(step - 1);
            }}
          >
            <Trans>Back</Trans>
          </button>
        ) : null}
        {step === 0 && onSkip ? (
          <button type="button" className={buttonClass('secondary')} onClick={onSkip}>
            <Trans>Skip for now</Trans>
          </button>
        ) : null}
        <button type="submit" className={buttonClass('primary')} disabled={!chosen || sending}>
          {lastStep && chosen ? <Trans>Upload</Trans> : <Trans>Next</Trans>}
        </button>
      </div>
    </form>
  );
}
