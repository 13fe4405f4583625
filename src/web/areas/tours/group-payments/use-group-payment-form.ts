import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type GroupPayment,
  type GroupPaymentInput,
  groupPaymentInput,
  groupPaymentsApi,
} from '../../../../shared/api/group-payments';
import { INVOICE_MESSAGES, invoicesApi } from '../../../../shared/api/invoices';
import { penceText, typedMoreThan } from '../../../../shared/money-owed';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { useEntityForm } from '../../../ui/entity';
import { numberText } from '../../../ui/form';

export interface PaymentFormValues {
  payment_for: '1' | '2';
  supplier_id: string | null;
  tour_manager_id: string | null;
  service_type_id: string | null;
  accommodation_id: string | null;
  accommodation_room_id: string | null;
  estimated_cost: string | number;
  currency_type: string;
  currency_exchange_rate: string;
  per_person_basis: boolean;
  supplier_invoice_id: string | null;
  invoice_asigned_amount: string | number;
}

/** Spec 3 §4: after a successful save the form resets to add. */
const EMPTY: PaymentFormValues = {
  payment_for: '1',
  supplier_id: null,
  tour_manager_id: null,
  service_type_id: null,
  accommodation_id: null,
  accommodation_room_id: null,
  estimated_cost: '',
  currency_type: 'Sterling',
  currency_exchange_rate: '1',
  per_person_basis: false,
  supplier_invoice_id: null,
  invoice_asigned_amount: '',
};

/**
 * The internal payment form of a tour group on the kit (`useEntityForm`, checked with the shared
 * `groupPaymentInput` before it is sent): add, or edit the `editing` payment (`edit` fills the form,
 * `reset` goes back to a blank add). It reads the chosen party's invoices and a supplier's
 * accommodation, proposes the estimated cost of the chosen accommodation and room, and refuses an
 * amount assigned above the chosen invoice's amount ('Please provide valid invoice amount less than
 * {amount}', as the server does). `onSaved` runs after a successful save, once the form is reset.
 */
export function useGroupPaymentForm({
  groupId,
  editing,
  onSaved,
}: {
  groupId: number;
  editing: GroupPayment | null;
  onSaved: () => void;
}) {
  const entity = useEntityForm({
    schema: groupPaymentInput,
    toValues: () => EMPTY,
    toInput: (values: PaymentFormValues): GroupPaymentInput => ({
      flag: editing ? 'edit' : 'add',
      tour_group_payment_id: editing?.tour_group_payment_id,
      payment_for: Number(values.payment_for) as 1 | 2,
      supplier_id: values.payment_for === '1' ? (values.supplier_id ?? '') : '',
      tour_manager_id: values.payment_for === '2' ? (values.tour_manager_id ?? '') : '',
      service_type_id: values.service_type_id ?? '',
      accommodation_id: values.accommodation_id ?? '',
      accommodation_room_id: values.accommodation_id ? (values.accommodation_room_id ?? '0') : '',
      estimated_cost: numberText(values.estimated_cost),
      currency_type: values.currency_type as 'Sterling',
      currency_exchange_rate: values.currency_exchange_rate,
      per_person_basis: values.per_person_basis,
      supplier_invoice_id: values.supplier_invoice_id ?? '',
      invoice_asigned_amount: values.supplier_invoice_id ? numberText(values.invoice_asigned_amount) : '',
    }),
    permission: 'groupPayments.save',
    mode: editing ? 'update' : 'create',
    send: (body) => api.call(groupPaymentsApi.save, { params: { id: groupId }, body }),
    onSaved: () => {
      reset();
      onSaved();
    },
  });
  const { form } = entity;
  const v = form.values;
  const partyFor = v.payment_for === '1' ? 'supplier' : 'tour_manager';
  const partyId = v.payment_for === '1' ? v.supplier_id : v.tour_manager_id;

  const partyData = useQuery({
    queryKey: keys.invoices.list('party-invoices', partyFor, partyId),
    enabled: partyId !== null,
    queryFn: ({ signal }) =>
      api
        .call(invoicesApi.supplierInvoices, {
          body: { invoice_for: partyFor, invoice_for_id: Number(partyId) },
          signal,
        })
        .then((r) => r.data),
  });
  const invoices = partyData.data?.invoices ?? [];
  const accommodations = partyData.data?.supplier_accomodations ?? [];
  const rooms = accommodations.find((a) => String(a.id) === v.accommodation_id)?.rooms ?? [];
  const chosenInvoice = invoices.find((i) => String(i.id) === v.supplier_invoice_id);

  // The estimated cost proposed for the chosen accommodation and room (fetch-supplier-estimated-cost).
  const proposedFor = useRef('');
  useEffect(() => {
    if (!v.accommodation_id) return;
    const key = `${v.accommodation_id}:${v.accommodation_room_id ?? '0'}`;
    if (proposedFor.current === key) return;
    proposedFor.current = key;
    void api
      .call(groupPaymentsApi.estimate, {
        params: { id: groupId },
        body: {
          accomodation_id: Number(v.accommodation_id),
          accomodation_room_id: Number(v.accommodation_room_id ?? 0),
        },
      })
      .then((r) => {
        if (r.estimated_cost === null) return;
        form.setFieldValue('estimated_cost', String(r.estimated_cost));
        form.setFieldValue('currency_type', r.currency);
        form.setFieldValue('currency_exchange_rate', '1');
        form.setFieldValue('per_person_basis', r.per_person_basis);
      })
      .catch(() => undefined);
  }, [v.accommodation_id, v.accommodation_room_id, groupId, form.setFieldValue]);

  const tooMuch =
    chosenInvoice && typedMoreThan(numberText(v.invoice_asigned_amount), chosenInvoice.invoice_amount)
      ? INVOICE_MESSAGES.assignedLessThan(penceText(chosenInvoice.invoice_amount))
      : null;

  function reset() {
    proposedFor.current = '';
    form.setValues(EMPTY);
    form.resetDirty(EMPTY);
  }

  return {
    entity,
    partyId,
    invoices,
    accommodations,
    rooms,
    chosenInvoice,
    /** The refusal of the amount assigned, or null. */
    tooMuch,
    reset,
    /** Fills the form with a payment of the table (its estimate not proposed again). */
    edit: (p: GroupPayment) => {
      proposedFor.current = `${p.accommodation_id ?? ''}:${p.accommodation_room_id ?? '0'}`;
      form.setValues({
        payment_for: p.payment_for === 2 ? '2' : '1',
        supplier_id: p.group_supplier ? String(p.group_supplier.id) : null,
        tour_manager_id: p.tour_manager ? String(p.tour_manager.id) : null,
        service_type_id: p.service_type_id ? String(p.service_type_id) : null,
        accommodation_id: p.accommodation_id ? String(p.accommodation_id) : null,
        accommodation_room_id: p.accommodation_id ? String(p.accommodation_room_id ?? 0) : null,
        estimated_cost: p.estimated_cost ? String(p.estimated_cost) : '',
        currency_type: p.currency_type,
        currency_exchange_rate: p.currency_exchange_rate,
        per_person_basis: p.per_person_basis,
        supplier_invoice_id: p.supplier_invoice ? String(p.supplier_invoice.id) : null,
        invoice_asigned_amount: p.invoice_asigned_amount ? String(p.invoice_asigned_amount) : '',
      });
    },
  };
}

/** What `useGroupPaymentForm` hands the form and the section. */
export type GroupPaymentFormState = ReturnType<typeof useGroupPaymentForm>;
