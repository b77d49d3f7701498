import type { AgentView } from '../../../domain/contract/user.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError, notFound } from '../../http/api-error.ts';

function findActiveAgent(db: Db, code: string) {
  return db
    .selectFrom('agents')
    .select(['id', 'code', 'name'])
    .where('code', '=', code)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The agent of a sign-up link; 404 when no active agent has the code. */
export async function getAgent(db: Db, code: string): Promise<AgentView> {
  const agent = await findActiveAgent(db, code);
  if (!agent) throw notFound('Agent');
  return { code: agent.code, name: agent.name };
}

/**
 * The id of the agent a registration names, null when it names none; an
 * unknown or inactive code is a 400 on `agent_code` and starts nothing.
 */
export async function registeringAgentId(db: Db, code: string | undefined): Promise<string | null> {
  if (code === undefined) return null;
  const agent = await findActiveAgent(db, code);
  if (!agent) throw new ApiError('ValidationFailed', 'This agent code is not known', 'agent_code');
  return agent.id;
}
