import { Box, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  emptyAccounts,
  type MonthlyAccountsInput,
  monthlyAccountsApi,
  monthlyAccountsInput,
  type YearAccounts,
} from '../../../shared/api/monthly-accounts';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityLoader } from '../../ui/EntityLoader';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { PageHeader } from '../../ui/PageHeader';
import { useMonthlyAccounts } from './queries';

/** A year's block as the form keeps it: `key` identifies the block on screen only. */
type YearBlock = YearAccounts & { key: string };

interface FormValues {
  setting_meta_data: YearBlock[];
}

const withKeys = (years: YearAccounts[]): YearBlock[] => years.map((y) => ({ ...y, key: randomId() }));
const thisYear = () => String(new Date().getFullYear());
const toValues = (years?: YearAccounts[]): FormValues => ({
  setting_meta_data: withKeys(
    years && years.length > 0 ? years : [{ year: thisYear(), accounts: emptyAccounts() }],
  ),
});
const toInput = (v: FormValues): MonthlyAccountsInput => ({
  setting_meta_data: v.setting_meta_data.map(({ year, accounts }) => ({ year, accounts })),
});

/** Spec 2 §8: the notice of a failed update, whatever the server's words (field errors still show). */
const FAILED = 'An error occurred while updating monthly accounts.';

/**
 * Monthly accounts (/settings/monthly-accounts-management, spec 2 §2): one block per year with an
 * account number for each month; Add New Year, Remove Year (not on the first block) and Update
 * Monthly Accounts, which replaces every year at once.
 */
export function MonthlyAccountsPage() {
  const query = useMonthlyAccounts();
  return (
    <>
      <PageHeader title="Monthly Accounts" />
      <EntityLoader query={query} label="monthly accounts">
        {(years) => <MonthlyAccountsForm years={years} />}
      </EntityLoader>
    </>
  );
}

function MonthlyAccountsForm({ years }: { years: YearAccounts[] }) {
  const queryClient = useQueryClient();
  const entity = useEntityForm({
    schema: monthlyAccountsInput,
    toValues,
    toInput,
    permission: 'monthlyAccounts.update',
    mode: 'update',
    record: years,
    send: (body) =>
      api.call(monthlyAccountsApi.update, { body }).catch((err: unknown) => {
        throw err instanceof ApiError ? new ApiError(FAILED, err.status, err.errors, err.body) : err;
      }),
    onSaved: (answer) => {
      // The saved years as the server keeps them (every year with all twelve months).
      entity.form.setValues(toValues(answer.data.setting_meta_data));
      entity.form.resetDirty();
      queryClient.setQueryData(keys.monthlyAccounts.list(), answer.data.setting_meta_data);
    },
  });
  const { form } = entity;
  const blocks = form.values.setting_meta_data;
  const addYear = () => {
    const latest = Math.max(Number(thisYear()) - 1, ...blocks.map((b) => Number(b.year) || 0));
    form.insertListItem('setting_meta_data', {
      key: randomId(),
      year: String(latest + 1),
      accounts: emptyAccounts(),
    });
  };
  return (
    <Box maw={1100}>
      <EntityFormFrame
        entity={entity}
        bare
        submitLabel="Update Monthly Accounts"
        actions={
          <Button variant="default" onClick={addYear}>
            Add New Year
          </Button>
        }
      >
        <Stack gap="md">
          {blocks.map((block, i) => (
            <Paper key={block.key} withBorder p="lg" radius="md">
              <Group justify="space-between" align="flex-end" mb="md">
                <TextInput
                  label="Year"
                  inputMode="numeric"
                  maxLength={4}
                  w={140}
                  styles={{ input: { fontWeight: 600 } }}
                  {...form.getInputProps(`setting_meta_data.${i}.year`)}
                />
                {i > 0 && (
                  <Button
                    variant="light"
                    color="red"
                    onClick={() => form.removeListItem('setting_meta_data', i)}
                  >
                    Remove Year
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md" verticalSpacing="sm">
                {block.accounts.map((account, j) => (
                  <TextInput
                    key={account.id}
                    label={account.month}
                    aria-label={`${account.month} ${block.year} account number`}
                    inputMode="numeric"
                    maxLength={20}
                    placeholder="Account no."
                    {...form.getInputProps(`setting_meta_data.${i}.accounts.${j}.accountNumber`)}
                  />
                ))}
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      </EntityFormFrame>
    </Box>
  );
}
