import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { signUpCalls } from '../../../domain/contract/user/sign-up.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { useEndpoint } from '../../lib/api/use-endpoint.ts';
import { signUpAgentAtom } from '../../lib/session/onboarding-atoms.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';

/**
 * /sign-up?params=<agent code> (SPEC §2): registration on behalf of an
 * agent. The agent is named; the registration that follows (e-mail, phone
 * or bank ID) carries their code, and the customer keeps them. An unknown
 * code goes to sign-in.
 */
export function AgentSignUpScreen({ agentCode }: { agentCode: string }) {
  const navigate = useNavigate();
  const setAgent = useSetAtom(signUpAgentAtom);
  const agent = useEndpoint(signUpCalls.getAgent, { params: { code: agentCode } });
  if (agent.status === 'loading') {
    return (
      <LoaderOverlay type="text">
        <Trans>Loading…</Trans>
      </LoaderOverlay>
    );
  }
  if (agent.status === 'failed') {
    if (agent.error instanceof ApiFailure && agent.error.status === 404) return <Navigate to="/sign-in" replace />;
    return (
      <LoadFailed onRetry={agent.reload}>
        <Trans>We couldn't load your agent's details.</Trans>
      </LoadFailed>
    );
  }
  const { name } = agent.data;
  return (
    <>
      <ScreenIntro heading={msg`Agent sign-up`} description={msg`Create a customer account with your agent's code.`} />
      <p>
        <Trans>
          You are signing up with <strong>{name}</strong>. Your account will show that they helped you.
        </Trans>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${buttonClass('primary')} ${styles.submit}`}
          onClick={() => {
            setAgent(agent.data.code);
            void navigate({ to: '/country-of-residence' });
          }}
        >
          <Trans>Start</Trans>
        </button>
      </div>
    </>
  );
}
