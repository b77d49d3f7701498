import { kycApi } from '../../../domain/contract/kyc.ts';
import { area } from '../../http/mount-endpoints.ts';
import { requestCheck } from './check-requests.ts';
import { contactCheck } from './contact-checks.ts';
import { uploadByCommand } from './document-commands.ts';
import { idDevice } from './id-device.ts';
import { kycCustomer } from './kyc-customer.ts';

/** The verification microservice (SPEC §7): the signed-in customer's verification, checks and identity document. */
export const kycArea = area(kycApi, {
  customer: ({ deps, session }) => kycCustomer(deps, session.customerId),
  customerByReference: ({ deps, session, params }) => kycCustomer(deps, session.customerId, params.user_reference),
  idDevice: ({ deps, session }) => idDevice(deps, session.customerId),
  document: ({ deps, session, body, files }) => uploadByCommand(deps, session.customerId, body, files),
  phone: ({ deps, session }) => contactCheck(deps, session.customerId, 'mobile'),
  email: ({ deps, session }) => contactCheck(deps, session.customerId, 'email'),
  watchlist: ({ deps, session }) => requestCheck(deps, session.customerId, 'watchlist'),
  address: ({ deps, session }) => requestCheck(deps, session.customerId, 'address'),
});
