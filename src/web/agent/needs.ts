import type { AgentBookingRow, AgentNeed } from '../../shared/api/agent-side';

/** What needs doing on an agent's booking, as the filter and the badges name it. */
export const NEED_LABELS: Record<AgentNeed, string> = {
  changes: 'Changes to accept',
  details: 'Passenger details missing',
  balance: 'Balance due soon',
};

/** The badge colour of each need. */
export const NEED_COLORS: Record<AgentNeed, string> = {
  changes: 'orange',
  details: 'grape',
  balance: 'red',
};

/** The needs a row flags, in the filter's order. */
export const needsOf = (row: AgentBookingRow): AgentNeed[] =>
  (Object.keys(NEED_LABELS) as AgentNeed[]).filter((n) => row.needs[n]);
