import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { PartyChoice } from '../../ui/PartyPickerModal';
import { AffiliateForm } from '../affiliates/AffiliateFormPage';
import { AgentForm } from '../agents/AgentFormPage';
import { CustomerForm } from '../customers/CustomerForm';

export type CreatableParty = 'customer' | 'agent' | 'affiliate';

const TITLES: Record<CreatableParty, string> = {
  customer: 'New customer',
  agent: 'New agent',
  affiliate: 'New affiliate',
};

type Created = { message?: string; data: { id: number } };

/** A form value as text (the zod input types leave them unknown). */
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * 'Create new' on New booking (spec 1 §2: 'a customer, agent or affiliate can also be created in a
 * modal from here'): the party's own create form (POST customers / agents / affiliates) in a modal.
 * On success the modal closes and `onCreated` gets the new party (its id from the answer's data.id,
 * its name and code as entered) for the booking to link; the pickers' lists reload.
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
    // Picker tables and the type-ahead read these lists: let them show the new party.
    void queryClient.invalidateQueries({ queryKey: ['table'] });
    void queryClient.invalidateQueries({ queryKey: ['customers-typeahead'] });
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
          readOnly={false}
          framed={false}
          send={(input) =>
            api.post<Created>('/customers', input).then((a) => ({
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
          framed={false}
          send={(input) =>
            api.post<Created>('/agents', input).then((a) => ({
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
          framed={false}
          send={(input) =>
            api.post<Created>('/affiliates', input).then((a) => ({
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
