import type { AbuseLimitTables } from './tables/abuse-limits.ts';
import type { AgentTables } from './tables/agents.ts';
import type { BankIdTables } from './tables/bank-id.ts';
import type { BankLinkTables } from './tables/bank-link.ts';
import type { BeneficiaryTables } from './tables/beneficiaries.ts';
import type { CardGatewayTables } from './tables/card-gateway.ts';
import type { DisputeTables } from './tables/disputes.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { MessageDeliveryTables } from './tables/message-deliveries.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { OAuthTables } from './tables/oauth.ts';
import type { OnfidoTables } from './tables/onfido.ts';
import type { OutboxTables } from './tables/outbox.ts';
import type { PasskeyTables } from './tables/passkeys.ts';
import type { PayinTables } from './tables/payins.ts';
import type { PayoutCardTables } from './tables/payout-cards.ts';
import type { PayoutPartnerTables } from './tables/payout-partner.ts';
import type { PromotionTables } from './tables/promotions.ts';
import type { QuotesTables } from './tables/quotes.ts';
import type { RateAlertTables } from './tables/rate-alerts.ts';
import type { RatesTables } from './tables/rates.ts';
import type { RemitterTables } from './tables/remitters.ts';
import type { SandboxMessagingTables } from './tables/sandbox-messaging.ts';
import type { ScheduleTables } from './tables/schedules.ts';
import type { TransferTables } from './tables/transfers.ts';
import type { UserTables } from './tables/user.ts';
import type { VerificationTables } from './tables/verification.ts';
import type { WalletTables } from './tables/wallets.ts';

/**
 * The whole database as Kysely sees it: one interface per area, merged.
 * Add an area's tables in `tables/<area>.ts` and extend this type.
 */
export interface Database
  extends UserTables,
    OAuthTables,
    LedgerTables,
    OutboxTables,
    SandboxMessagingTables,
    CardGatewayTables,
    RatesTables,
    QuotesTables,
    ScheduleTables,
    BeneficiaryTables,
    TransferTables,
    PayoutPartnerTables,
    NotificationTables,
    AbuseLimitTables,
    RemitterTables,
    PromotionTables,
    VerificationTables,
    OnfidoTables,
    WalletTables,
    BankIdTables,
    AgentTables,
    DisputeTables,
    BankLinkTables,
    RateAlertTables,
    PasskeyTables,
    PayoutCardTables,
    PayinTables,
    MessageDeliveryTables {}
