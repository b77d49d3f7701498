import type { Timestamp } from './platform.ts';

/** The Onfido applicant of each customer, by the reference the identity providers know them by. */
export interface OnfidoApplicantsTable {
  customer_reference: string;
  applicant_id: string;
  created_at: Timestamp;
}

/** A check we created at Onfido; `completed_at` is set by its signed `check.completed` webhook. */
export interface OnfidoChecksTable {
  check_id: string;
  applicant_id: string;
  customer_reference: string;
  /** `document`: an identity document and selfie; `watchlist`: the screening of the automatic checks */
  purpose: 'document' | 'watchlist';
  /** the capture or submission it checks, or the customer's reference for a screening */
  reference: string;
  completed_at: Timestamp | null;
  created_at: Timestamp;
}

/** A capture the Onfido Web SDK takes in the customer's browser (`/user/ekyc`). */
export interface OnfidoCapturesTable {
  reference: string;
  customer_reference: string;
  applicant_id: string;
  document_type: string;
  /** when its check was asked for: claimed once, so two requests never create two checks */
  check_requested_at: Timestamp | null;
  created_at: Timestamp;
}

/** Each Onfido webhook event acted on, once. */
export interface OnfidoWebhookEventsTable {
  /** `<action>:<object id>:<completed_at_iso8601>` */
  event_key: string;
  action: string;
  object_id: string;
  received_at: Timestamp;
}

export interface OnfidoTables {
  onfido_applicants: OnfidoApplicantsTable;
  onfido_checks: OnfidoChecksTable;
  onfido_captures: OnfidoCapturesTable;
  onfido_webhook_events: OnfidoWebhookEventsTable;
}
