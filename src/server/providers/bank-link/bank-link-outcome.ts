import type { PaymentCode } from '../../../domain/payments.ts';
import type { BankLinkStatus } from './bank-link-provider.ts';

/** What a bank-link payment's status means for our record of it, as a card authorization would. */
export interface BankLinkOutcome {
  status: 'WAITING' | 'APPROVED' | 'DECLINED';
  code: PaymentCode | null;
}

/** Settled is the only approval: the money is ours. Cancelled and refused are declines with their reason. */
export function bankLinkOutcome(result: BankLinkStatus): BankLinkOutcome {
  switch (result.status) {
    case 'pending':
      return { status: 'WAITING', code: null };
    case 'settled':
      return { status: 'APPROVED', code: 'approved' };
    case 'cancelled':
      return { status: 'DECLINED', code: 'bank_link_cancelled' };
    case 'failed':
      return {
        status: 'DECLINED',
        code:
          result.reason === 'insufficient_funds'
            ? 'bank_link_insufficient_funds'
            : 'general_problem_with_payment_try_again',
      };
  }
}
