import { transfersApi } from '../../../domain/contract/transfers.ts';
import { primeEndpoint } from '../../lib/api/primed-answers.ts';

/** /transfers' list, asked for as the page resolves (its route's loader, `askOnLoad`), with the input `useTransfers` loads it with. */
export function askTransfersAnswers(): void {
  primeEndpoint(transfersApi.listTransfers, {});
}

/** A transfer's page: the transfer and its dispute, as `TransferDetail` loads them. */
export function askTransferAnswers(transRef: string): void {
  const params = { trans_ref: transRef };
  primeEndpoint(transfersApi.getTransfer, { params });
  primeEndpoint(transfersApi.getDispute, { params });
}
