import { Paper, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type CurrencyInput, type CurrencyRate, currencyInput } from '../../../shared/api/currency';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';

interface CurrencyFormValues {
  name: string;
  short_name: string;
  symbol: string;
  exchange_rate: number | string;
  start_date: string | null;
  end_date: string | null;
}

type SaveAnswer = { message: string; data: { currency_id: number } };

/** New exchange rate (/currency-exchange/create, role 1): goes to the edit screen once saved. */
export function CurrencyCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New exchange rate" />
      <CurrencyForm
        mode="create"
        onSaved={(a) => navigate(pathTo('currency-exchange-edit', { id: a.data.currency_id }))}
      />
    </>
  );
}

/** Edit exchange rate (/currency-exchange/edit/{id}): the update button is role 1 only. */
export function CurrencyEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['currency', id],
    queryFn: () =>
      api.get<{ data: CurrencyRate }>(`/currency-exchange/${id}/get-currency`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="exchange rate">
      {(rate) => (
        <>
          <PageHeader title={`Exchange rate: ${rate.name} (${rate.short_name})`} />
          <CurrencyForm
            key={rate.currency_id}
            mode="update"
            rate={rate}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['currency', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function CurrencyForm({
  mode,
  rate,
  onSaved,
}: {
  mode: 'create' | 'update';
  rate?: CurrencyRate;
  onSaved: (answer: SaveAnswer) => void;
}) {
  const maySave = useCan('currency.save');
  const toInput = (v: CurrencyFormValues): CurrencyInput => ({
    name: v.name,
    short_name: v.short_name,
    symbol: v.symbol,
    exchange_rate: v.exchange_rate === '' ? '' : String(v.exchange_rate),
    start_date: v.start_date ?? '',
    end_date: v.end_date ?? '',
    flag: mode === 'create' ? 'add' : 'edit',
    ...(rate ? { currency_id: rate.currency_id } : {}),
  });
  const form = useForm<CurrencyFormValues>({
    initialValues: {
      name: rate?.name ?? '',
      short_name: rate?.short_name ?? '',
      symbol: rate?.symbol ?? '',
      exchange_rate: rate ? rate.exchange_rate : '',
      start_date: rate?.start_date ?? null,
      end_date: rate?.end_date ?? null,
    },
    validate: zodValidate(currencyInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) => api.post<SaveAnswer>('/currency-exchange/handle', toInput(v)),
    { onSuccess: (a) => onSaved(a) },
  );
  const code = form.values.short_name.trim().toUpperCase() || 'units';
  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <FieldGrid>
            <TextInput
              label="Currency name"
              required
              placeholder="US Dollar"
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Short name"
              required
              placeholder="USD"
              maxLength={3}
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('short_name')}
            />
            <TextInput label="Symbol" placeholder="$" maxLength={5} {...form.getInputProps('symbol')} />
            <NumberField
              label="Exchange rate"
              required
              step={0.01}
              min={0}
              placeholder="1.27"
              description={`£1 = this many ${code}`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('exchange_rate')}
            />
            <DateField label="Start date" required {...form.getInputProps('start_date')} />
            <DateField label="End date" required {...form.getInputProps('end_date')} />
          </FieldGrid>
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create exchange rate' : 'Update exchange rate'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
