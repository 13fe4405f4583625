import { useQueryClient } from '@tanstack/react-query';
import { affiliatesApi } from '../../../shared/api/affiliates';
import { agentsApi } from '../../../shared/api/agents';
import { customersApi } from '../../../shared/api/customers';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { Modal } from '../../ui/Modal';
import type { PartyChoice } from '../../ui/PartyPickerModal';
import { AffiliateForm } from '../affiliates';
import { AgentForm } from '../agents';
import { CustomerForm } from '../customers';

export type CreatableParty = 'customer' | 'agent' | 'affiliate';

const TITLES: Record<CreatableParty, string> = {
  customer: 'New customer',
  agent: 'New agent',
  affiliate: 'New affiliate',
};

/** The lists that show each kind of party (pickers, type-ahead): reloaded once one is created. */
const AREA_KEYS: Record<CreatableParty, readonly unknown[]> = {
  customer: keys.customers.all,
  agent: keys.agents.all,
  affiliate: keys.affiliates.all,
};

/** A form value as text (the zod input types leave them unknown). */
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * 'Create new' on New booking (spec 1 §2: 'a customer, agent or affiliate can also be created in a
 * modal from here'): the party's own create form (the areas' form modules, not their pages; POST
 * customers / agents / affiliates through the contract) in a modal. On success the modal closes and
 * `onCreated` gets the new party (its id from the answer's data.id, its name and code as entered)
 * for the booking to link; the area's lists reload.
 */
export function PartyCreateModal({
  kind,
  onClose,
  onCreated,
}: {
  /** The party to create; null keeps the modal closed. */
  kind: CreatableParty | null;
  onClose: () => void;
  onCreated: (kind: CreatableParty, party: PartyChoice) => void;
}) {
  const queryClient = useQueryClient();
  const done = (k: CreatableParty, party: PartyChoice) => {
    void queryClient.invalidateQueries({ queryKey: AREA_KEYS[k] });
    onCreated(k, party);
    onClose();
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={onClose}
      title={kind ? TITLES[kind] : ''}
      size={kind === 'customer' ? '60rem' : 'xl'}
      closeOnClickOutside={false}
    >
      {kind === 'customer' && (
        <CustomerForm
          mode="create"
          bare
          send={(input) =>
            api.call(customersApi.create, { body: input }).then((a) => ({
              message: a.message,
              id: a.data.id,
              name: `${text(input.first_name)} ${text(input.last_name)}`.trim(),
            }))
          }
          onSaved={({ id, name }) => done('customer', { id, name })}
        />
      )}
      {kind === 'agent' && (
        <AgentForm
          mode="create"
          bare
          send={(input) =>
            api.call(agentsApi.create, { body: input }).then((a) => ({
              message: a.message,
              id: a.data.id,
              name: text(input.name),
              code: text(input.abta) || null,
            }))
          }
          onSaved={({ id, name, code }) => done('agent', { id, name, code })}
        />
      )}
      {kind === 'affiliate' && (
        <AffiliateForm
          mode="create"
          bare
          send={(input) =>
            api.call(affiliatesApi.create, { body: input }).then((a) => ({
              message: a.message,
              id: a.data.id,
              name: text(input.name),
              code: text(input.code) || null,
            }))
          }
          onSaved={({ id, name, code }) => done('affiliate', { id, name, code })}
        />
      )}
    </Modal>
  );
}
