import { Divider, Stack, Text } from '@mantine/core';
import type { AgentAccounts } from '../../shared/api/agent-side';
import { poundsText } from '../../shared/money-text';
import { PortalCard } from '../portal/PortalCard';
import { isPositive } from '../portal/portal-format';
import { Line } from '../portal/sections/ExtrasCard';

/**
 * Agent accounts (spec 1 §9, the staff screen's figures from the one totals rule): the total due
 * and paid, the commission at the agency's rate (extras that earn none named), the VAT on it, what
 * the agency owes in all net of them, and the net balance still due from the agency.
 */
export function AccountsCard({ accounts: a }: { accounts: AgentAccounts }) {
  return (
    <PortalCard title="Agent accounts">
      <Stack gap={4}>
        <Line label="Total due" amount={poundsText(a.total_due)} />
        <Line label="Paid" amount={poundsText(a.paid)} />
        {isPositive(a.non_commissionable_extras) && (
          <Line label="Extras earning no commission" amount={poundsText(a.non_commissionable_extras)} />
        )}
        <Line label={`Commission @ ${rate(a.commission_percent)}`} amount={poundsText(a.commission)} />
        <Line label={`VAT on commission @ ${rate(a.vat_percent)}`} amount={poundsText(a.vat)} />
        <Divider my={4} />
        <Line label="Net due" amount={poundsText(a.net_due)} />
        <Line label="Net balance due from you" amount={poundsText(a.net_balance)} strong />
      </Stack>
      <Text size="sm" c="dimmed">
        Net due is the total less your commission and the VAT on it; the net balance is what is still to pay
        after what has been paid.
      </Text>
    </PortalCard>
  );
}

/** A percent text as shown: '10.00' → '10%', '17.50' → '17.5%'. */
const rate = (percent: string) => `${percent.replace(/\.?0+$/, '')}%`;
