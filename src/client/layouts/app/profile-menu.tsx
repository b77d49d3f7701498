import { useLingui } from '@lingui/react/macro';
import { HeaderPopover } from '../../ui/header-popover.tsx';
import { UserIcon } from '../../ui/icons.tsx';
import { AccountMenu } from './account-menu.tsx';

/** The profile button and its menu, on wide screens (the burger menu carries it on narrow ones). */
export function ProfileMenu() {
  const { t } = useLingui();
  return (
    <HeaderPopover label={t`Your account`} icon={<UserIcon />} width="narrow">
      <AccountMenu />
    </HeaderPopover>
  );
}
