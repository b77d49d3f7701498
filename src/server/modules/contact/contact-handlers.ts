import { contactApi } from '../../../domain/contract/contact.ts';
import { parseMobile } from '../../../domain/phone.ts';
import { PHONE_MESSAGES } from '../../../domain/phone-messages.ts';
import { ApiError } from '../../http/api-error.ts';
import { area } from '../../http/mount-endpoints.ts';
import { confirmContactChange, resendContactCode, startContactChange } from './contact-change.ts';
import { EMAIL_CONTACT, MOBILE_CONTACT } from './contact-kinds.ts';

/** The e-mail and mobile number of a signed-in customer: changed with the password again and a code. */
export const contactArea = area(contactApi, {
  changePhone: ({ deps, session, body, clientAddress }) => {
    // a number typed without its country code is one of the customer's country unless `country` says otherwise
    const country = body.country ?? (body.mobile.trim().startsWith('+') ? undefined : session.country);
    const parsed = parseMobile(body.mobile, country);
    if ('problem' in parsed) throw new ApiError('InvalidPhone', PHONE_MESSAGES[parsed.problem], 'mobile');
    return startContactChange(
      deps,
      session,
      MOBILE_CONTACT,
      { destination: parsed.e164, password: body.password },
      clientAddress,
    );
  },
  changeEmail: ({ deps, session, body, clientAddress }) =>
    startContactChange(
      deps,
      session,
      EMAIL_CONTACT,
      { destination: body.email, password: body.password },
      clientAddress,
    ),
  resendPhoneCode: ({ deps, session, clientAddress }) =>
    resendContactCode(deps, session, MOBILE_CONTACT, clientAddress),
  resendEmailCode: ({ deps, session, clientAddress }) => resendContactCode(deps, session, EMAIL_CONTACT, clientAddress),
  verifyPhone: ({ deps, session, body, clientAddress }) =>
    confirmContactChange(deps, session, MOBILE_CONTACT, body.code, clientAddress),
  verifyEmail: ({ deps, session, body, clientAddress }) =>
    confirmContactChange(deps, session, EMAIL_CONTACT, body.code, clientAddress),
});
