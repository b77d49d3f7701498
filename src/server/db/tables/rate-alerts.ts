import type { RateAlertDirection } from '../../../domain/rate-alerts.ts';
import type { CreatedAt, Timestamp } from './platform.ts';

/** A customer's target rate for a pair: fires once, when the feed's rate reaches it (migration 0045). */
export interface RateAlertsTable {
  /** `ral_…` */
  id: string;
  customer_id: string;
  from_currency: string;
  to_currency: string;
  /** exact decimal string */
  target_rate: string;
  direction: RateAlertDirection;
  /** the feed's rate when the alert was made */
  rate_at_creation: string;
  status: 'ACTIVE' | 'FIRED';
  fired_rate: string | null;
  fired_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A sandbox control: the rate the sandbox feed gives a pair instead of its table's (README). */
export interface SandboxFxOverridesTable {
  from_currency: string;
  to_currency: string;
  rate: string;
}

export interface RateAlertTables {
  rate_alerts: RateAlertsTable;
  sandbox_fx_overrides: SandboxFxOverridesTable;
}
