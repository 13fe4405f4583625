import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { agentSideApi } from '../../shared/api/agent-side';
import { addMonths, londonText, londonToday } from '../../shared/dates';
import { getAgentToken } from '../api/agent-session';
import { api } from '../api/client';
import { keys } from '../api/query-keys';
import { QueryProblem } from '../ui/QueryProblem';
import { AgentFrame } from './AgentFrame';
import { StatementTable } from './StatementTable';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A month 'YYYY-MM' as 'November 2026'. */
const monthName = (month: string) => londonText(`${month}-15T12:00:00Z`, 'MMMM YYYY');

/**
 * /agent/statement (issue #25): the commission statement of a month (GET agent/statement; this
 * month unless the address names one): the agency's bookings departing in it with gross,
 * commission, VAT, net, paid and net balance, and their totals — the figures of the one totals
 * rule — and the same as a spreadsheet or a PDF on the letterhead.
 */
export function AgentStatementPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : londonToday().slice(0, 7);
  const choose = (m: string) => setParams({ month: m }, { replace: true });
  const statement = useQuery({
    queryKey: keys.agent.list('statement', month),
    queryFn: async ({ signal }) =>
      (await api.call(agentSideApi.statement, { query: { month }, signal })).data,
    enabled: getAgentToken() !== null,
  });
  const download = useMutation({
    mutationFn: (kind: 'xlsx' | 'pdf') =>
      api.call(kind === 'xlsx' ? agentSideApi.statementXlsx : agentSideApi.statementPdf, {
        query: { month },
        fallbackName: `commission-statement-${month}.${kind}`,
      }),
  });
  const busy = (kind: 'xlsx' | 'pdf') => download.isPending && download.variables === kind;
  return (
    <AgentFrame title="Commission statement">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Choose a month">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MonthPickerInput
            label="Month"
            valueFormat="MMMM YYYY"
            value={`${month}-01`}
            onChange={(v) => v && choose(v.slice(0, 7))}
            w={{ base: '100%', xs: 200 }}
            size="md"
            popoverProps={{ withinPortal: true }}
            ariaLabels={{
              previousDecade: 'Previous decade',
              nextDecade: 'Next decade',
              previousYear: 'Previous year',
              nextYear: 'Next year',
              yearLevelControl: 'Choose a decade',
            }}
          />
          <SimpleGrid cols={2} spacing="sm" w={{ base: '100%', xs: 'auto' }}>
            <Button
              variant="default"
              size="md"
              aria-label="Previous month"
              onClick={() => choose(addMonths(`${month}-01`, -1).slice(0, 7))}
            >
              Previous
            </Button>
            <Button
              variant="default"
              size="md"
              aria-label="Next month"
              onClick={() => choose(addMonths(`${month}-01`, 1).slice(0, 7))}
            >
              Next
            </Button>
          </SimpleGrid>
          <Group gap="sm" ml={{ base: 0, md: 'auto' }} wrap="wrap">
            <Button
              size="md"
              variant="light"
              onClick={() => download.mutate('xlsx')}
              disabled={download.isPending}
            >
              {busy('xlsx') ? 'Downloading...' : 'Download spreadsheet'}
            </Button>
            <Button
              size="md"
              variant="light"
              onClick={() => download.mutate('pdf')}
              disabled={download.isPending}
            >
              {busy('pdf') ? 'Downloading...' : 'Download PDF'}
            </Button>
          </Group>
        </Group>
      </Paper>
      {download.isError && (
        <Alert color="red" variant="light" role="alert">
          {download.error.message}
        </Alert>
      )}
      <Stack gap={2}>
        <Text fw={600} size="lg">
          {monthName(month)}
        </Text>
        <Text size="sm" c="dimmed">
          Your bookings departing in {monthName(month)}.
          {statement.data?.abta ? ` ABTA ${statement.data.abta}.` : ''}
        </Text>
      </Stack>
      {statement.isPending && <Skeleton height={200} radius="md" aria-label="Loading the statement" />}
      {statement.isError && <QueryProblem query={statement} what="statement" />}
      {statement.data && <StatementTable statement={statement.data} />}
    </AgentFrame>
  );
}
