import { TextInput } from '@mantine/core';
import {
  type CurrencyInput,
  type CurrencyRate,
  currencyApi,
  currencyInput,
} from '../../../shared/api/currency';
import { exchangeRateText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { DateField } from '../../ui/DateField';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { FieldGrid, NumberField, numberText } from '../../ui/form';

interface CurrencyFormValues {
  name: string;
  short_name: string;
  symbol: string;
  exchange_rate: number | string;
  start_date: string | null;
  end_date: string | null;
}

const toValues = (rate?: CurrencyRate): CurrencyFormValues => ({
  name: rate?.name ?? '',
  short_name: rate?.short_name ?? '',
  symbol: rate?.symbol ?? '',
  exchange_rate: rate ? rate.exchange_rate : '',
  start_date: rate?.start_date ?? null,
  end_date: rate?.end_date ?? null,
});

/** New exchange rate (/currency-exchange/create, role 1): goes to the edit screen once saved. */
export function CurrencyCreatePage() {
  return (
    <EntityCreatePage
      title="New exchange rate"
      create={currencyApi.save}
      invalidate={keys.currency.all}
      afterCreate={(answer) => pathTo('currency-exchange-edit', { id: answer.data.currency_id })}
      form={CurrencyForm}
    />
  );
}

/** Edit exchange rate (/currency-exchange/edit/{id}): the update button is role 1 only. */
export function CurrencyEditPage() {
  return (
    <EntityEditPage
      label="exchange rate"
      load={currencyApi.get}
      select={(answer) => answer.data}
      queryKey={keys.currency.one}
      invalidate={keys.currency.all}
      title={(rate) => `Exchange rate: ${rate.name} (${rate.short_name})`}
      update={currencyApi.save}
      form={CurrencyForm}
    />
  );
}

/** The rate form; POST currency-exchange/handle adds (flag 'add') or edits (flag 'edit', currency_id). */
function CurrencyForm({ mode, record: rate, send, onSaved }: EntityFormProps<CurrencyRate, CurrencyInput>) {
  const entity = useEntityForm({
    schema: currencyInput,
    toValues,
    toInput: (v: CurrencyFormValues): CurrencyInput => ({
      name: v.name,
      short_name: v.short_name,
      symbol: v.symbol,
      exchange_rate: numberText(v.exchange_rate),
      start_date: v.start_date ?? '',
      end_date: v.end_date ?? '',
      flag: mode === 'create' ? 'add' : 'edit',
      ...(rate ? { currency_id: rate.currency_id } : {}),
    }),
    permission: 'currency.save',
    mode,
    record: rate,
    send,
    onSaved,
  });
  const { form } = entity;
  const code = form.values.short_name.trim().toUpperCase();
  const symbol = form.values.symbol.trim() || (code ? `${code} ` : '');
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={{ create: 'Create exchange rate', update: 'Update exchange rate' }}
    >
      <FieldGrid>
        <TextInput label="Currency name" required placeholder="US Dollar" {...form.getInputProps('name')} />
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
          description={`${exchangeRateText(symbol, numberText(form.values.exchange_rate))}: amount ÷ rate = pounds`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('exchange_rate')}
        />
        <DateField label="Start date" required {...form.getInputProps('start_date')} />
        <DateField label="End date" required {...form.getInputProps('end_date')} />
      </FieldGrid>
    </EntityFormFrame>
  );
}
