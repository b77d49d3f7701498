import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ScheduleSetup } from '../../features/schedules/schedule-setup.tsx';
import { authOnly } from '../../lib/session/route-guards.ts';

/** Repeat a transfer: send it again on a date, or every week, two weeks or month. */
export const Route = createFileRoute('/_empty/transfers/$transactionReference_/repeat')({
  staticData: { title: msg`Repeat this transfer` },
  beforeLoad: authOnly,
  component: function Repeat() {
    const { transactionReference } = Route.useParams();
    return <ScheduleSetup transRef={transactionReference} />;
  },
});
