import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { NextDocumentRequest, UserData, VerificationTask } from '../../../domain/contract/user.ts';
import type { VerificationStatus } from '../../../domain/verification.ts';
import { buttonClass } from '../../ui/button.ts';
import cardStyles from '../../ui/card.module.css';
import { InlineMessage } from '../../ui/inline-message.tsx';
import type { NetworkActionProps } from '../../ui/offline-notice.tsx';
import { CameraCapture } from './camera-capture.tsx';
import { DocumentUpload } from './document-upload.tsx';
import styles from './verification.module.css';
import { VerificationStatusDialog } from './verification-status-dialog.tsx';
import { AHEAD_WHY, TASK_STATE_TEXTS, TASK_TEXTS } from './verification-texts.ts';

/**
 * "What we need from you": each check and document request, why the law
 * asks for it, where it stands (with the reason a document was not
 * accepted), and the upload of each one still to do. An identity document
 * is taken with the camera at the identity provider, or uploaded; when the
 * provider could not use the camera (`cameraUnavailable`) the upload opens.
 */
export function VerificationTasks({
  data,
  actionProps,
  onUploaded,
  cameraUnavailable = false,
}: {
  data: UserData;
  /** disables uploading while the tasks shown are last-known (offline) */
  actionProps: NetworkActionProps;
  /** a document was sent and its status modal closed: load the tasks afresh */
  onUploaded: () => void;
  cameraUnavailable?: boolean;
}) {
  const headingId = useId();
  // the status after an upload, shown in its modal until closed
  const [sentStatus, setSentStatus] = useState<VerificationStatus | null>(null);
  const tasks = data.verification_tasks ?? [];
  const country = data.user.usaState ? `US-${data.user.usaState.code}` : data.user.country;
  // the document the ladder asks for next, which the customer may send ahead
  const ahead = data.next_document_request;
  const common = { country, actionProps, onUploaded: setSentStatus, cameraUnavailable };
  return (
    <section id="documents" className={cardStyles.card} aria-labelledby={headingId}>
      {sentStatus ? (
        <VerificationStatusDialog
          status={sentStatus}
          onClose={() => {
            setSentStatus(null);
            onUploaded();
          }}
        />
      ) : null}
      <h2 id={headingId} className={cardStyles.cardTitle}>
        <Trans>What we need from you</Trans>
      </h2>
      {tasks.length === 0 && !ahead ? (
        <p>
          <Trans>Nothing right now. We will tell you here if we need anything.</Trans>
        </p>
      ) : (
        <ul className={styles.tasks}>
          {tasks.map((task) => (
            <TaskItem key={task.item} task={task} {...common} />
          ))}
          {ahead ? (
            <TaskItem
              key={`ahead-${ahead.document}`}
              task={{ item: ahead.document, state: 'to_do', reason: null }}
              ahead={ahead.type}
              {...common}
            />
          ) : null}
        </ul>
      )}
    </section>
  );
}

interface TaskItemProps {
  task: VerificationTask;
  /** a document not asked for yet: `optional` may be skipped, `standard` is needed for the next transfer */
  ahead?: NextDocumentRequest['type'];
  country: string;
  actionProps: NetworkActionProps;
  onUploaded: (status: VerificationStatus) => void;
  cameraUnavailable: boolean;
}

function TaskItem({ task, ahead, country, actionProps, onUploaded, cameraUnavailable }: TaskItemProps) {
  const { i18n } = useLingui();
  const isIdentity = task.item === 'identity';
  const [open, setOpen] = useState(isIdentity && cameraUnavailable);
  const texts = TASK_TEXTS[task.item];
  const uploadable = task.item !== 'identity_checks' && (task.state === 'to_do' || task.state === 'rejected');
  return (
    <li className={styles.task}>
      <div className={styles.taskHead}>
        <h3 className={styles.taskTitle}>{i18n._(texts.title)}</h3>
        <span className={`${styles.state} ${styles[task.state]}`}>
          {ahead === 'optional' ? <Trans>Optional</Trans> : i18n._(TASK_STATE_TEXTS[task.state])}
        </span>
      </div>
      <p className={styles.why}>
        {i18n._(ahead && task.item !== 'identity_checks' ? AHEAD_WHY[task.item] : texts.why)}
      </p>
      {ahead ? (
        <p className={styles.why}>
          {ahead === 'optional' ? (
            <Trans>You can send this now if you like: we will ask for it once you send more this year.</Trans>
          ) : (
            <Trans>Your next transfer needs this: send it now and it will be checked before you pay.</Trans>
          )}
        </p>
      ) : null}
      {task.state === 'rejected' && task.reason ? (
        <InlineMessage tone="error">
          <Trans>Not accepted: {task.reason}</Trans>
        </InlineMessage>
      ) : null}
      {task.state === 'checking' ? (
        <p className={styles.why}>
          <Trans>We are checking this now. It usually takes a few minutes and at most 24 hours.</Trans>
        </p>
      ) : null}
      {uploadable && isIdentity && cameraUnavailable ? (
        <InlineMessage tone="error">
          <Trans>
            Your camera could not be used, so the photos were not taken. Upload photos of your document and a selfie
            here instead.
          </Trans>
        </InlineMessage>
      ) : null}
      {/* the camera flow for a document asked for; one sent ahead is uploaded */}
      {uploadable && isIdentity && !open && !ahead ? <CameraCapture country={country} /> : null}
      {uploadable && task.item !== 'identity_checks' ? (
        open ? (
          <DocumentUpload
            kind={task.item}
            country={country}
            onUploaded={onUploaded}
            onSkip={ahead === 'optional' ? () => setOpen(false) : undefined}
          />
        ) : (
          <button
            type="button"
            className={buttonClass(isIdentity && !ahead ? 'secondary' : 'primary')}
            {...actionProps}
            onClick={() => setOpen(true)}
          >
            {isIdentity && !ahead ? (
              <Trans>Upload photos instead</Trans>
            ) : task.state === 'rejected' ? (
              <Trans>Upload again</Trans>
            ) : (
              <Trans>Upload</Trans>
            )}
          </button>
        )
      ) : null}
    </li>
  );
}
