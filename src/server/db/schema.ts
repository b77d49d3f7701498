import type { BeneficiaryTables } from './tables/beneficiaries.ts';
import type { CardGatewayTables } from './tables/card-gateway.ts';
import type { IdentityTables } from './tables/identity.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { OutboxTables } from './tables/outbox.ts';
import type { PayoutPartnerTables } from './tables/payout-partner.ts';
import type { PlatformTables } from './tables/platform.ts';
import type { PricingTables } from './tables/pricing.ts';
import type { SandboxMessagingTables } from './tables/sandbox-messaging.ts';
import type { TransferTables } from './tables/transfers.ts';

/**
 * The whole database as Kysely sees it: one interface per area, merged.
 * Add an area's tables in `tables/<area>.ts` and extend this type.
 */
export interface Database
  extends PlatformTables,
    LedgerTables,
    OutboxTables,
    SandboxMessagingTables,
    CardGatewayTables,
    PricingTables,
    IdentityTables,
    BeneficiaryTables,
    TransferTables,
    PayoutPartnerTables,
    NotificationTables {}
