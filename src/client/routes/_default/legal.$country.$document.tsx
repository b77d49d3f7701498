import { msg } from '@lingui/core/macro';
import { createFileRoute, useParams } from '@tanstack/react-router';
import { findSourceCountry } from '../../../domain/countries.ts';
import { LegalDocumentScreen } from '../../features/legal/legal-document-screen.tsx';
import { NotFoundContent } from '../../features/not-found/not-found.tsx';

/** The two documents a source country links to (`SourceCountry.termsAndConditions`, `.privacyPolicy`). */
const DOCUMENTS = { 'terms-and-conditions': 'terms', 'privacy-policy': 'privacy' } as const;

// One route for both documents: each route costs the first load its entry.
export const Route = createFileRoute('/_default/legal/$country/$document')({
  staticData: {
    title: ({ document }) => (document === 'privacy-policy' ? msg`Privacy policy` : msg`Terms and conditions`),
  },
  component: () => {
    // by its id, not `Route`: the lazily loaded component then keeps the route's entry out of its own chunk
    const params = useParams({ from: '/_default/legal/$country/$document' });
    const source = findSourceCountry(params.country);
    const document = DOCUMENTS[params.document as keyof typeof DOCUMENTS];
    return source && document ? <LegalDocumentScreen document={document} source={source} /> : <NotFoundContent />;
  },
});
