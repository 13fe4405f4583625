import { Grid, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/** The five bank fields of a form, as the form keeps them (all text). */
export interface BankDetailsValues {
  bank_name: string;
  account_number: string;
  sort_code: string;
  iban_number: string;
  bic_swift_number: string;
}

export const emptyBankDetails = (
  b?: Partial<Record<keyof BankDetailsValues, string | null>>,
): BankDetailsValues => ({
  bank_name: b?.bank_name ?? '',
  account_number: b?.account_number ?? '',
  sort_code: b?.sort_code ?? '',
  iban_number: b?.iban_number ?? '',
  bic_swift_number: b?.bic_swift_number ?? '',
});

/**
 * 'Bank details' of a supplier or tour manager (spec 2 §3): bank name, UK account number and sort
 * code, IBAN and BIC/SWIFT for payments abroad.
 */
export function BankDetailsFields<V extends BankDetailsValues>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <>
      <Title order={2} size="h5" mt="lg" mb="xs">
        Bank details
      </Title>
      <Grid gap="md" rowGap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Bank name" autoComplete="off" {...form.getInputProps('bank_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Account number"
            placeholder="8 digits"
            inputMode="numeric"
            maxLength={8}
            autoComplete="off"
            {...form.getInputProps('account_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Sort code"
            placeholder="12-34-56"
            inputMode="numeric"
            maxLength={8}
            autoComplete="off"
            {...form.getInputProps('sort_code')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="IBAN"
            placeholder="GB29 NWBK 6016 1331 9268 19"
            autoComplete="off"
            {...form.getInputProps('iban_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="BIC/SWIFT"
            placeholder="NWBKGB2L"
            autoComplete="off"
            {...form.getInputProps('bic_swift_number')}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}

/**
 * The body of a supplier's or tour manager's form (spec 2 §3): 'Contact details' with the
 * caller's fields (`Grid.Col`s) in a grid, the address, then 'Bank details'.
 */
export function ContactAndBankFields<V extends BankDetailsValues & { address: string }>({
  form,
  children,
}: {
  form: UseFormReturnType<V>;
  children: ReactNode;
}) {
  return (
    <>
      <Title order={2} size="h5" mb="xs">
        Contact details
      </Title>
      <Grid gap="md" rowGap="sm">
        {children}
      </Grid>
      <Textarea label="Address" mt="sm" autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
      <BankDetailsFields form={form} />
    </>
  );
}
