import type { CreatedAt } from './platform.ts';

/** An agent who signs customers up (migration 0037); the code is what their link carries. */
export interface AgentsTable {
  /** agt_… */
  id: string;
  /** upper case letters, digits and hyphens */
  code: string;
  name: string;
  active: boolean;
  created_at: CreatedAt;
}

export interface AgentTables {
  agents: AgentsTable;
}
