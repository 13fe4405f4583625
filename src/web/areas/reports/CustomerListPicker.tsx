import { Group, Input, Pill, Stack } from '@mantine/core';
import { useState } from 'react';
import { type CustomerHit, CustomerTypeahead } from '../../ui/CustomerTypeahead';

const nameOf = (c: CustomerHit) =>
  c.full_name || [c.first_name, c.last_name].filter(Boolean).join(' ') || `Customer #${c.id}`;

/**
 * A list of customers picked one at a time with the customer type-ahead (name or postcode), shown
 * as pills that can be removed. The value is the ids (as text, like the other id selects).
 */
export function CustomerListPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
}) {
  const [names, setNames] = useState<Record<string, string>>({});
  // A new type-ahead after each pick, so its box is empty for the next name.
  const [round, setRound] = useState(0);
  return (
    <Stack gap={6}>
      <CustomerTypeahead
        key={round}
        label={label}
        value={null}
        onChange={(id, customer) => {
          if (id === null || !customer) return;
          setNames((n) => ({ ...n, [String(id)]: nameOf(customer) }));
          if (!value.includes(String(id))) onChange([...value, String(id)]);
          setRound((r) => r + 1);
        }}
      />
      {value.length > 0 && (
        <Group gap={6} aria-label={`${label}: chosen`} role="list">
          {value.map((id) => (
            <Pill
              key={id}
              role="listitem"
              withRemoveButton
              onRemove={() => onChange(value.filter((v) => v !== id))}
              removeButtonProps={{ 'aria-label': `Remove ${names[id] ?? `customer #${id}`}` }}
            >
              {names[id] ?? `Customer #${id}`}
            </Pill>
          ))}
        </Group>
      )}
      {error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}
