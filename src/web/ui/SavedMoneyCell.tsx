import { Text } from '@mantine/core';
import { useState } from 'react';
import type { Permission } from '../../shared/permissions';
import { formatMoney } from '../lib/format';
import { MoneyInput, numberText } from './form';
import { useNoticeMutation } from './notice-mutation';
import { useCan } from './permissions';

/**
 * A money cell of a table that saves itself (a supplement, an instance's room price): the amount
 * as text for a role without `permission`; otherwise a small money input that, when it loses focus
 * or on Enter with a changed value, sends the amount as decimal text (blank → '0') through `save`,
 * shows the answer's message and calls `onSaved`; a refusal shows the error and puts `value` back.
 * Key the cell by its value so a reload shows the saved amount.
 */
export function SavedMoneyCell({
  value: saved,
  permission,
  label,
  w,
  save,
  onSaved,
}: {
  /** The stored amount (decimal text). */
  value: string;
  permission: Permission;
  /** The input's accessible name ('Supplement of Double room'). */
  label: string;
  w: number;
  save: (amount: string) => Promise<{ message: string }>;
  onSaved: () => void;
}) {
  const maySave = useCan(permission);
  const [value, setValue] = useState<string | number>(saved);
  const saveAmount = useNoticeMutation(save, { onSuccess: () => onSaved(), onError: () => setValue(saved) });
  if (!maySave) return <Text size="sm">{formatMoney(saved)}</Text>;
  const send = () => {
    const text = numberText(value) || '0';
    // Compared as numbers only to skip an unchanged cell ('12' and '12.00'); the text is sent.
    if (Number(text) === Number(saved)) return;
    saveAmount.mutate(text);
  };
  return (
    <MoneyInput
      aria-label={label}
      size="xs"
      w={w}
      value={value}
      onChange={setValue}
      onBlur={send}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          send();
        }
      }}
      disabled={saveAmount.isPending}
    />
  );
}
