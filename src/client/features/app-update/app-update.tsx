import { NewVersionDialog } from './new-version-dialog.tsx';
import { NewVersionNotice } from './new-version-notice.tsx';
import { useAppUpdate } from './use-app-update.ts';

/**
 * New-version notices (SPEC §4 version check, §9 timings), rendered once in
 * the root layout: a blocking modal for a major release, a 15-second
 * announcement for a minor one.
 */
export function AppUpdate() {
  const { showing, refreshing, refresh } = useAppUpdate(import.meta.env.PROD);
  return (
    <>
      {showing === 'major' && <NewVersionDialog refreshing={refreshing} onRefresh={refresh} />}
      <NewVersionNotice visible={showing === 'minor'} refreshing={refreshing} onRefresh={refresh} />
    </>
  );
}
