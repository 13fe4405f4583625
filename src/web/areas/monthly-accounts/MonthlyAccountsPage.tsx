import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  emptyAccounts,
  type MonthlyAccountsInput,
  monthlyAccountsInput,
  type YearAccounts,
} from '../../../shared/api/monthly-accounts';
import { ApiError, api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { zodValidate } from '../../ui/zod-validate';

/** A year's block as the form keeps it: `key` identifies the block on screen only. */
type YearBlock = YearAccounts & { key: string };

interface FormValues {
  setting_meta_data: YearBlock[];
}

const withKeys = (years: YearAccounts[]): YearBlock[] => years.map((y) => ({ ...y, key: randomId() }));
const toInput = (v: FormValues): MonthlyAccountsInput => ({
  setting_meta_data: v.setting_meta_data.map(({ year, accounts }) => ({ year, accounts })),
});

type Answer = { success: boolean; message?: string; data: { setting_meta_data: YearAccounts[] } };

const FAILED = 'An error occurred while updating monthly accounts.';
const thisYear = () => String(new Date().getFullYear());

/**
 * Monthly accounts (/settings/monthly-accounts-management, spec 2 §2): one block per year with an
 * account number for each month; Add New Year, Remove Year (not on the first block) and Update
 * Monthly Accounts, which replaces every year at once.
 */
export function MonthlyAccountsPage() {
  const query = useQuery({
    queryKey: ['monthly-accounts'],
    queryFn: () => api.post<Answer>('/settings/monthly-accounts').then((r) => r.data.setting_meta_data),
  });
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
  const form = useForm<FormValues>({
    initialValues: {
      setting_meta_data: withKeys(
        years.length > 0 ? years : [{ year: thisYear(), accounts: emptyAccounts() }],
      ),
    },
    validate: zodValidate(monthlyAccountsInput, toInput),
  });
  const mutation = useMutation({
    mutationFn: (values: MonthlyAccountsInput) =>
      api.post<Answer>('/settings/monthly-accounts/update', values),
    onSuccess: (answer) => {
      notifications.show({
        color: 'green',
        message: answer.message ?? 'Monthly accounts updated successfully.',
      });
      form.setValues({ setting_meta_data: withKeys(answer.data.setting_meta_data) });
      form.resetDirty();
    },
    onError: (err) => {
      if (err instanceof ApiError) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', title: 'Error', message: FAILED });
    },
  });
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
    <form onSubmit={form.onSubmit((v) => mutation.mutate(toInput(v)))} noValidate>
      <Stack gap="md" maw={1100}>
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
        <FormActions>
          <Button variant="default" onClick={addYear}>
            Add New Year
          </Button>
          <SaveButton mode="update" saving={mutation.isPending}>
            Update Monthly Accounts
          </SaveButton>
        </FormActions>
      </Stack>
    </form>
  );
}
