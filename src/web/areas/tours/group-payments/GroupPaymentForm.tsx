import {
  Button,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import type { GroupPayment } from '../../../../shared/api/group-payments';
import { INVOICE_CURRENCIES } from '../../../../shared/api/invoices';
import type { GroupAnswer } from '../../../../shared/api/tour-catalogue';
import { currencySymbol, exchangeRateText } from '../../../../shared/money-text';
import { FormActions, NumberField, SaveButton } from '../../../ui/form';
import { inCurrency } from './in-currency';
import type { GroupPaymentFormState } from './use-group-payment-form';

/**
 * The internal payment form of the tour group screen (spec 3 §3 Internal payment, §4, §5; role 1):
 * supplier or tour manager, service type, accommodation and room with the estimated cost proposed,
 * estimate currency and per-person basis, the party's invoice and the amount assigned — 'Please
 * provide valid invoice amount less than {amount}', the field disabled until an invoice is chosen.
 * Its state is `useGroupPaymentForm`'s.
 */
export function GroupPaymentForm({
  lists,
  state,
  editing,
  onCancelEdit,
}: {
  /** The group's answer: suppliers, tour managers and service types to choose from. */
  lists: Pick<GroupAnswer, 'suppliers' | 'tour_managers' | 'servicesTypes'>;
  state: GroupPaymentFormState;
  editing: GroupPayment | null;
  onCancelEdit: () => void;
}) {
  const { entity, partyId, invoices, accommodations, rooms, chosenInvoice, tooMuch } = state;
  const { form } = entity;
  const v = form.values;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="sm">
        {editing ? 'Edit payment' : 'Add payment'}
      </Title>
      <form onSubmit={entity.onSubmit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Payment for"
            data={[
              { value: '1', label: 'Supplier' },
              { value: '2', label: 'Tour Manager' },
            ]}
            value={v.payment_for}
            onChange={(value) => {
              form.setValues({
                payment_for: value as '1' | '2',
                supplier_id: null,
                tour_manager_id: null,
                accommodation_id: null,
                accommodation_room_id: null,
                supplier_invoice_id: null,
                invoice_asigned_amount: '',
              });
            }}
            w="fit-content"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            {v.payment_for === '1' ? (
              <Select
                label="Supplier"
                required
                searchable
                data={lists.suppliers.map((s) => ({ value: String(s.id), label: s.supplier_name }))}
                {...form.getInputProps('supplier_id')}
                onChange={(value) =>
                  form.setValues({
                    supplier_id: value,
                    accommodation_id: null,
                    accommodation_room_id: null,
                    supplier_invoice_id: null,
                    invoice_asigned_amount: '',
                  })
                }
              />
            ) : (
              <Select
                label="Tour manager"
                required
                searchable
                data={lists.tour_managers.map((m) => ({
                  value: String(m.id),
                  label: `${m.firstname} ${m.lastname}`,
                }))}
                {...form.getInputProps('tour_manager_id')}
                onChange={(value) =>
                  form.setValues({
                    tour_manager_id: value,
                    supplier_invoice_id: null,
                    invoice_asigned_amount: '',
                  })
                }
              />
            )}
            <Select
              label="Service type"
              clearable
              data={lists.servicesTypes.map((s) => ({ value: String(s.id), label: s.service_name }))}
              {...form.getInputProps('service_type_id')}
            />
            {v.payment_for === '1' ? (
              <Select
                label="Accommodation"
                clearable
                disabled={!v.supplier_id || accommodations.length === 0}
                placeholder={
                  v.supplier_id && accommodations.length === 0 ? 'None for this supplier' : undefined
                }
                data={accommodations.map((a) => ({ value: String(a.id), label: a.accommodation_name }))}
                {...form.getInputProps('accommodation_id')}
                onChange={(value) =>
                  form.setValues({ accommodation_id: value, accommodation_room_id: value ? '0' : null })
                }
              />
            ) : (
              <div />
            )}
            {v.payment_for === '1' && v.accommodation_id ? (
              <Select
                label="Room"
                allowDeselect={false}
                data={[
                  { value: '0', label: 'All' },
                  ...rooms.map((room) => ({
                    value: String(room.id),
                    label: room.board_basis ? `${room.name} (${room.board_basis})` : room.name,
                  })),
                ]}
                {...form.getInputProps('accommodation_room_id')}
              />
            ) : null}
            <NumberField
              label="Estimated cost"
              prefix={currencySymbol(v.currency_type)}
              step={0.01}
              thousandSeparator=","
              {...form.getInputProps('estimated_cost')}
            />
            <Select
              label="Estimate currency"
              allowDeselect={false}
              data={[...INVOICE_CURRENCIES]}
              {...form.getInputProps('currency_type')}
              onChange={(value) =>
                form.setValues({
                  currency_type: value ?? 'Sterling',
                  currency_exchange_rate: value === 'Sterling' ? '1' : v.currency_exchange_rate,
                })
              }
            />
            <TextInput
              label="Exchange rate"
              description={
                v.currency_type === 'Sterling'
                  ? 'Sterling needs no conversion'
                  : `${exchangeRateText(currencySymbol(v.currency_type), v.currency_exchange_rate)}: amount ÷ rate = pounds`
              }
              disabled={v.currency_type === 'Sterling'}
              {...form.getInputProps('currency_exchange_rate')}
            />
            <Switch
              label="Per person basis"
              mt="lg"
              {...form.getInputProps('per_person_basis', { type: 'checkbox' })}
            />
            <Select
              label="Invoice"
              clearable
              disabled={!partyId}
              placeholder={partyId && invoices.length === 0 ? 'No invoices' : 'Choose an invoice'}
              data={invoices.map((i) => ({
                value: String(i.id),
                label: `${i.invoice_number} — ${inCurrency(i.invoice_amount, i.currency_type)} (left ${inCurrency(
                  i.left_to_link,
                  i.currency_type,
                )})`,
              }))}
              {...form.getInputProps('supplier_invoice_id')}
              onChange={(value) =>
                form.setValues({
                  supplier_invoice_id: value,
                  invoice_asigned_amount: value ? v.invoice_asigned_amount : '',
                })
              }
            />
            <NumberField
              label="Invoice amount assigned"
              prefix={currencySymbol(chosenInvoice?.currency_type)}
              step={0.01}
              thousandSeparator=","
              disabled={!chosenInvoice}
              {...form.getInputProps('invoice_asigned_amount')}
              error={tooMuch ?? form.errors.invoice_asigned_amount}
            />
          </SimpleGrid>
        </Stack>
        <FormActions>
          {editing && (
            <Button variant="default" onClick={onCancelEdit}>
              Cancel edit
            </Button>
          )}
          <SaveButton mode={entity.mode} saving={entity.saving} disabled={entity.saving || tooMuch !== null}>
            {editing ? 'Update payment' : 'Add payment'}
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}
