import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { type UploadFileField, verificationApi } from '../../../domain/contract/verification.ts';
import { ADDRESS_PROOF_TYPES, FUNDS_PROOF_TYPES } from '../../../domain/identity-documents.ts';
import type { DocumentKind } from '../../../domain/verification-machine.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { showText, type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { buttonClass } from '../../ui/button.ts';
import { FormField, inputClass } from '../../ui/form-field.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoadFailed, Loading } from '../../ui/load-state.tsx';
import { checkFiles, type FileErrors, serverFileErrors } from './upload-rules.ts';
import styles from './verification.module.css';
import { DOCUMENT_TYPE_TEXTS, FILE_FIELD_TEXTS, PHOTO_TIPS } from './verification-texts.ts';

type DocumentTypeName = keyof typeof DOCUMENT_TYPE_TEXTS;
interface TypeChoice {
  type: DocumentTypeName;
  fields: UploadFileField[];
}

const PROOF_CHOICES: Record<'address' | 'source_of_funds', TypeChoice[]> = {
  address: ADDRESS_PROOF_TYPES.map((type) => ({ type, fields: ['scan1'] })),
  source_of_funds: FUNDS_PROOF_TYPES.map((type) => ({ type, fields: ['scans[]'] })),
};

const msgChoose = msg`Choose a document`;
const ACCEPT = 'image/jpeg,image/png,application/pdf';

/** The document choices for an identity document: those accepted where the customer lives (`api/v2/docs-info`). */
function IdentityUpload({ country, onUploaded }: { country: string; onUploaded: () => void }) {
  const info = useEndpoint(verificationApi.docsInfo, { body: { iso_code: country } });
  if (info.status === 'loading')
    return (
      <Loading>
        <Trans>Loading the documents we accept…</Trans>
      </Loading>
    );
  if (info.status === 'failed')
    return (
      <LoadFailed onRetry={info.reload}>
        <Trans>We couldn't load the documents we accept.</Trans>
      </LoadFailed>
    );
  const choices = info.data.documents.map((doc) => ({
    type: doc.document_type,
    fields: [
      'scan1',
      ...(doc.backImage ? (['scan2'] as const) : []),
      ...(doc.selfie ? (['selfie'] as const) : []),
    ] as UploadFileField[],
  }));
  return <UploadForm kind="identity" choices={choices} onUploaded={onUploaded} />;
}

/**
 * The upload of one requested document (SPEC §4 manual upload): choose its
 * type, then add each side it needs, by camera or from files; what the
 * server refuses is said on the file it concerns.
 */
export function DocumentUpload({
  kind,
  country,
  onUploaded,
}: {
  kind: DocumentKind;
  country: string;
  onUploaded: () => void;
}) {
  if (kind === 'identity') return <IdentityUpload country={country} onUploaded={onUploaded} />;
  return <UploadForm kind={kind} choices={PROOF_CHOICES[kind]} onUploaded={onUploaded} />;
}

function UploadForm({
  kind,
  choices,
  onUploaded,
}: {
  kind: DocumentKind;
  choices: TypeChoice[];
  onUploaded: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [type, setType] = useState<DocumentTypeName | ''>('');
  const [files, setFiles] = useState<Partial<Record<UploadFileField, File[]>>>({});
  const [errors, setErrors] = useState<FileErrors>({});
  const [problem, setProblem] = useState<Text | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  const chosen = choices.find((choice) => choice.type === type);
  const say = (text: Text) => showText(i18n, text);
  const percent = i18n.number(sent, { style: 'percent' });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setProblem(null);
    const found = checkFiles(kind, chosen.fields, files);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const form = new FormData();
    form.append('document', kind);
    form.append('type', chosen.type);
    for (const field of chosen.fields) for (const file of files[field] ?? []) form.append(field, file);
    setSending(true);
    setSent(0);
    try {
      await call(verificationApi.uploadDocument, { form, onUploadProgress: setSent });
      onUploaded();
    } catch (error) {
      const onField = error instanceof ApiFailure ? serverFileErrors(error, kind) : null;
      if (onField) setErrors(onField);
      else if (error instanceof ApiFailure && error.status < 500 && error.status > 0)
        setProblem(textFor(error.message));
      else reportUnexpected(error, setProblem);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className={styles.upload} onSubmit={submit} noValidate>
      <p className={styles.tips}>{i18n._(PHOTO_TIPS[kind])}</p>
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
      {chosen?.fields.map((field) => (
        <FormField
          key={`${chosen.type}-${field}`}
          id={`${id}-${field}`}
          label={i18n._(FILE_FIELD_TEXTS[field])}
          error={errors[field] ? say(errors[field]) : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              className={styles.file}
              accept={ACCEPT}
              multiple={field === 'scans[]'}
              capture={field === 'selfie' ? 'user' : field === 'scans[]' ? undefined : 'environment'}
              onChange={(e) => setFiles((current) => ({ ...current, [field]: [...(e.target.files ?? [])] }))}
            />
          )}
        </FormField>
      ))}
      {problem ? <InlineMessage tone="error">{say(problem)}</InlineMessage> : null}
      {sending ? (
        <div className={styles.progress} role="status">
          <progress aria-labelledby={`${id}-progress`} max={100} value={Math.round(sent * 100)} />
          <span id={`${id}-progress`}>
            <Trans>Uploading your document… {percent}</Trans>
          </span>
        </div>
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={!chosen || sending}>
        <Trans>Upload</Trans>
      </button>
    </form>
  );
}
