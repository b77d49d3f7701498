import { transfersApi } from '../../../domain/contract/transfers.ts';
import { Answer, area } from '../../http/mount-endpoints.ts';
import { cardGatewayView } from './card-gateway-view.ts';
import { payByBankLink, paymentStatus, payTransfer } from './payment-service.ts';
import { cancelTransfer } from './transfer-cancellation.ts';
import { transferDisclosure } from './transfer-disclosure.ts';
import { getDispute, openDispute } from './transfer-disputes.ts';
import { updatePayoutDetails } from './transfer-payout-details.ts';
import { repriceTransfer } from './transfer-reprice.ts';
import { createTransfer, getTransfer, listTransferPage, listTransfers, setPaymentType } from './transfer-service.ts';
import { payFromWallet } from './wallet-payment.ts';

const DEFAULT_LIST_LIMIT = 50;

/** Transfers (SPEC §7): create, choose how to pay, pay by card or from the wallet, follow the payment, list and read, the pre-payment disclosure, cancel, correct the payout details, report a problem. */
export const transfersArea = area(transfersApi, {
  createTransfer: async ({ deps, session, body, idempotency }) => {
    const { transfer, created } = await createTransfer(deps, session.customerId, body, idempotency);
    return created ? transfer : new Answer(transfer, 200);
  },
  setPaymentType: ({ deps, session, body }) => setPaymentType(deps, session.customerId, body),
  repriceTransfer: ({ deps, session, body }) => repriceTransfer(deps, session.customerId, body),
  payTransfer: ({ deps, session, body, idempotency }) => payTransfer(deps, session.customerId, body, idempotency),
  payByBankLink: ({ deps, session, body, idempotency }) => payByBankLink(deps, session.customerId, body, idempotency),
  payFromWallet: ({ deps, session, body, idempotency }) => payFromWallet(deps, session.customerId, body, idempotency),
  getCardGateway: ({ deps }) => cardGatewayView(deps.config.providers.cardGateway),
  getPaymentStatus: ({ deps, session, query }) => paymentStatus(deps, session.customerId, query.trans_ref),
  listTransfers: ({ deps, session, query }) => listTransferPage(deps, session.customerId, query),
  listRecentTransfers: ({ deps, session, query }) =>
    listTransfers(deps, session.customerId, query.limit ?? DEFAULT_LIST_LIMIT),
  getTransfer: ({ deps, session, params }) => getTransfer(deps, session.customerId, params.trans_ref),
  cancelTransfer: ({ deps, session, body, idempotency }) => cancelTransfer(deps, session.customerId, body, idempotency),
  updatePayoutDetails: ({ deps, session, clientAddress, body }) =>
    updatePayoutDetails(deps, { customerId: session.customerId, clientAddress }, body),
  openDispute: async ({ deps, session, body, idempotency }) => {
    const { dispute, created } = await openDispute(deps, session.customerId, body, idempotency);
    return created ? dispute : new Answer(dispute, 200);
  },
  getDispute: ({ deps, session, params }) => getDispute(deps, session.customerId, params.trans_ref),
  getDisclosure: ({ deps, session, params }) => transferDisclosure(deps, session.customerId, params.trans_ref),
});
