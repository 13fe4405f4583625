import { Select, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  type BankCsvMapping,
  bankCsvMappingInput,
  bankStatementsApi,
} from '../../../shared/api/bank-statements';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { Modal } from '../../ui/Modal';

type Values = BankCsvMapping;
const blank: Values = {
  bank_name: '',
  date_column: 'Date',
  amount_column: 'Amount',
  reference_column: 'Description',
  payer_column: 'Payee',
  date_format: 'DD/MM/YYYY',
};

/** A bank's CSV column mapping (issue #26): which header holds the date, amount, reference, payer. */
export function CsvMappingModal({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (bank: string) => void;
}) {
  const qc = useQueryClient();
  const entity = useEntityForm({
    schema: bankCsvMappingInput,
    toValues: () => blank,
    toInput: (v: Values) => v,
    permission: 'bankStatements.import',
    mode: 'create',
    send: (input) => api.call(bankStatementsApi.saveMapping, { body: input }),
    onSaved: (_answer, values) => {
      void qc.invalidateQueries({ queryKey: keys.bankStatements.all });
      onSaved(values.bank_name);
    },
  });
  const field = (name: keyof Values) => entity.form.getInputProps(name);
  return (
    <Modal opened onClose={onClose} title="CSV column mapping" size="lg">
      <EntityFormFrame entity={entity} submitLabel="Save mapping" bare label="CSV column mapping">
        <FieldGrid>
          <TextInput label="Bank name" required {...field('bank_name')} />
          <Select label="Date format" data={['DD/MM/YYYY', 'YYYY-MM-DD']} {...field('date_format')} />
          <TextInput label="Date column" required {...field('date_column')} />
          <TextInput label="Amount column (credits positive)" required {...field('amount_column')} />
          <TextInput label="Reference column" required {...field('reference_column')} />
          <TextInput label="Payer column" required {...field('payer_column')} />
        </FieldGrid>
      </EntityFormFrame>
    </Modal>
  );
}
