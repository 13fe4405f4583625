import { Alert, Anchor, Button, Group, List, Text } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { customersApi, type LikelyDuplicate } from '../../../shared/api/customers';
import { DUPLICATE_REASON_TEXT, DUPLICATE_WARNING_TITLE } from '../../../shared/customer-duplicates';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import type { EntityForm } from '../../ui/entity';
import { useOnFormChange } from '../../ui/form';
import { customerRecordLabel } from './customer-label';

type Values = { first_name: string; last_name: string; email: string; postcode: string };

/**
 * New customer's check for a likely duplicate (issue #22 point 11): the first Create asks GET
 * customers/likely-duplicates (same email, or same name and post code); if any are on file the
 * form is not sent and `found` lists them for `DuplicateWarning`, whose 'Create anyway' sends it.
 * A change to the form takes the warning back (the next Create checks again); a failed check
 * never stops a save. Only while `enabled` (the create form); otherwise the kit's submit as is.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form holding the customer's names, email and post code
export function useDuplicateGuard<V extends Values & Record<string, any>>(
  entity: EntityForm<V>,
  enabled: boolean,
) {
  const [found, setFound] = useState<LikelyDuplicate[] | null>(null);
  const [checking, setChecking] = useState(false);
  const pass = useRef(false);
  const formEl = useRef<HTMLFormElement | null>(null);
  useOnFormChange(entity.form, () => setFound(null));

  const send = () => {
    pass.current = true;
    formEl.current?.requestSubmit();
  };
  const onSubmit = (e?: FormEvent<HTMLFormElement>) => {
    if (e) formEl.current = e.currentTarget;
    if (!enabled || pass.current || !entity.form.isValid()) {
      pass.current = false;
      entity.onSubmit(e);
      return;
    }
    e?.preventDefault();
    if (checking) return;
    const v = entity.form.getValues();
    setChecking(true);
    api
      .call(customersApi.likelyDuplicates, {
        query: {
          first_name: v.first_name,
          last_name: v.last_name,
          email: v.email || undefined,
          postcode: v.postcode || undefined,
        },
      })
      .then((r) => (r.data.length ? setFound(r.data) : send()))
      .catch(send)
      .finally(() => setChecking(false));
  };
  return {
    entity: { ...entity, onSubmit, saving: entity.saving || checking },
    found,
    createAnyway: send,
  };
}

/**
 * The warning above New customer's Create button: each likely duplicate by id, name, created date
 * and bookings, linked to its record (in a new tab when `newTab`, e.g. inside New booking's
 * dialog), with why it matched; 'Create anyway' makes the new record all the same.
 */
export function DuplicateWarning({
  found,
  onCreateAnyway,
  newTab = false,
}: {
  found: LikelyDuplicate[];
  onCreateAnyway: () => void;
  newTab?: boolean;
}) {
  return (
    <Alert color="orange" variant="light" title={DUPLICATE_WARNING_TITLE} mt="lg">
      <Text size="sm" mb="xs">
        {found.length === 1 ? 'A customer on file matches' : `${found.length} customers on file match`} what
        you entered:
      </Text>
      <List size="sm" spacing={4}>
        {found.map((d) => (
          <List.Item key={d.id}>
            <Anchor
              component={Link}
              to={pathTo('customer-edit', { id: d.id })}
              {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
            >
              {customerRecordLabel(d)}
              {newTab ? ' (opens in a new tab)' : ''}
            </Anchor>{' '}
            — {d.reasons.map((r) => DUPLICATE_REASON_TEXT[r]).join(', ')}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        Open it to use that record, or create a new customer anyway.
      </Text>
      <Group mt="sm">
        <Button variant="outline" color="orange" onClick={onCreateAnyway}>
          Create anyway
        </Button>
      </Group>
    </Alert>
  );
}
