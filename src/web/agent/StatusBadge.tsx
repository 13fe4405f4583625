import { Badge } from '@mantine/core';
import { statusColor } from '../portal/portal-format';

/** A booking's status as a badge whose word is never cut short (a table column may be narrow). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={statusColor(status)}
      variant="light"
      tt="none"
      style={{ overflow: 'visible' }}
      className="agent-status"
    >
      {status}
    </Badge>
  );
}
