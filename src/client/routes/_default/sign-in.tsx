import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { guestsOnly } from '../../features/session/route-guards.ts';
import { SignedOutNotice } from '../../features/session/signed-out-notice.tsx';
import { searchText } from '../../lib/search-params.ts';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

export const Route = createFileRoute('/_default/sign-in')({
  staticData: { title: msg`Sign in` },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: searchText(search.redirect),
  }),
  beforeLoad: guestsOnly,
  component: () => (
    <>
      <SignedOutNotice />
      <ScreenIntro
        heading={msg`Sign in`}
        description={msg`Sign in with bank ID, e-mail or phone to send money and follow your transfers.`}
      />
    </>
  ),
});
