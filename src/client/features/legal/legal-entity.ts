import type { LegalNotice } from '../../../domain/legal-notice.ts';
import { BRAND_NAME } from '../../lib/brand.ts';

/** The company that serves a region's customers: a proper name, never translated. */
export function legalEntity(notice: LegalNotice): string {
  switch (notice.region) {
    case 'eu':
      return `${BRAND_NAME} Payments Europe`;
    case 'ca':
      return `${BRAND_NAME} Payments Canada Inc.`;
    case 'us':
      return `${BRAND_NAME} US, Inc.`;
    default:
      return `${BRAND_NAME} Payments Ltd`;
  }
}
