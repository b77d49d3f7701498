import { msg } from '@lingui/core/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { findSourceCountry } from '../../../domain/countries.ts';
import { LegalDocumentScreen } from '../../features/legal/legal-document-screen.tsx';

export const Route = createFileRoute('/_default/legal/$country/terms-and-conditions')({
  staticData: { title: msg`Terms and conditions` },
  loader: ({ params }) => {
    const source = findSourceCountry(params.country);
    if (!source) throw notFound();
    return source;
  },
  component: () => <LegalDocumentScreen document="terms" source={Route.useLoaderData()} />,
});
