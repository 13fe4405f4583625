import { Button, Divider, Group, Select, SimpleGrid, Switch, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  type AddressSuggestion,
  CUSTOMER_TITLES,
  type Customer,
  type CustomerInput,
  customerInput,
  customersApi,
  DEFAULT_COUNTRY_ID,
} from '../../../shared/api/customers';
import { ApiError, api } from '../../api/client';
import { toOptions, useCountries } from '../../api/reference';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { affiliateOptions, useActiveAffiliates } from './customer-api';
import { DuplicateWarning, useDuplicateGuard } from './DuplicateWarning';

export interface CustomerFormValues {
  title: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  mobile_number: string;
  street_address: string;
  address_line_2: string;
  address_line_3: string;
  address_line_4: string;
  town: string;
  county: string;
  postcode: string;
  country_id: string | null;
  affiliate_id: string | null;
  opt_out_email: boolean;
  opt_out_mailing: boolean;
  is_blacklisted: boolean;
}

const toValues = (c?: Customer, postcode?: string): CustomerFormValues => ({
  title: c?.title ?? null,
  first_name: c?.first_name ?? '',
  last_name: c?.last_name ?? '',
  email: c?.email ?? '',
  phone_number: c?.phone_number ?? '',
  mobile_number: c?.mobile_number ?? '',
  street_address: c?.street_address ?? '',
  address_line_2: c?.address_line_2 ?? '',
  address_line_3: c?.address_line_3 ?? '',
  address_line_4: c?.address_line_4 ?? '',
  town: c?.town ?? '',
  county: c?.county ?? '',
  postcode: c?.postcode ?? postcode ?? '',
  country_id: String(c?.country_id ?? DEFAULT_COUNTRY_ID),
  affiliate_id: c?.affiliate_id ? String(c.affiliate_id) : null,
  opt_out_email: c?.opt_out_email ?? false,
  opt_out_mailing: c?.opt_out_mailing ?? false,
  is_blacklisted: c?.is_blacklisted ?? false,
});

const toInput = (v: CustomerFormValues): CustomerInput => ({
  ...v,
  title: v.title ?? '',
  country_id: v.country_id ? Number(v.country_id) : null,
  affiliate_id: v.affiliate_id ? Number(v.affiliate_id) : null,
});

/** Spec 1 §8: a look-up with no suggestions shows the info dialog 'No list found'. */
function showInfo(message: string) {
  const modalId = 'customer-postcode-info';
  modals.open({
    modalId,
    title: 'Address look-up',
    centered: true,
    children: (
      <>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => modals.close(modalId)} data-autofocus>
            OK
          </Button>
        </Group>
      </>
    ),
  });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * The customer form (spec 2 §3 Customer, §5) of the create and edit screens, also New booking's
 * 'Create new' modal (`bare`: without its panel): personal details, the address with a look-up by
 * post code (spec 2 §2 'address lookup by postcode'; spec 1 §7 customers/postcode/lookup → choose →
 * full-address fills the fields), preferences. Validated with the shared `customerInput` (names
 * required, email, a UK post code while the country is the United Kingdom). Read-only — every
 * field disabled, no save or look-up button — for a role that may not save.
 */
export function CustomerForm<A = unknown>({
  mode,
  record: customer,
  initialPostcode,
  send,
  onSaved,
  bare = false,
}: EntityFormProps<Customer, CustomerInput, A> & {
  /** Create screen: the postcode from the query; a look-up starts at once. */
  initialPostcode?: string;
  bare?: boolean;
}) {
  const countries = useCountries();
  const affiliates = useActiveAffiliates();
  const entity = useEntityForm({
    schema: customerInput,
    toValues: (c?: Customer) => toValues(c, initialPostcode),
    toInput,
    permission: { create: 'customers.create', update: 'customers.update' },
    mode,
    record: customer,
    send,
    onSaved,
  });
  const { form } = entity;
  const readOnly = !entity.maySave;
  // Issue #22: a new customer is checked for a likely duplicate before it is sent.
  const guard = useDuplicateGuard(entity, mode === 'create');

  const [suggestions, setSuggestions] = useState<AddressSuggestion[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (postcode: string) =>
      api.call(customersApi.postcodeLookup, { query: { postcode } }).then((r) => r.data.suggestions),
    onSuccess: (list) => {
      setChosen(null);
      if (list.length === 0) {
        setSuggestions(null);
        showInfo('No list found');
      } else setSuggestions(list);
    },
    onError: (err) => {
      setSuggestions(null);
      const field = err instanceof ApiError ? err.fieldErrors.postcode : undefined;
      if (field) form.setFieldError('postcode', field);
      else notifications.show({ color: 'red', title: 'Error', message: err.message });
    },
  });
  const fill = useMutation({
    mutationFn: (addressId: string) =>
      api.call(customersApi.fullAddress, { query: { address_id: addressId } }).then((r) => r.data),
    onSuccess: (a) => {
      form.setValues({
        street_address: a.line_1,
        address_line_2: a.line_2,
        address_line_3: a.line_3,
        address_line_4: a.line_4,
        town: a.town_or_city,
        county: a.county,
        ...(a.postcode ? { postcode: a.postcode } : {}),
        ...(a.country_id ? { country_id: String(a.country_id) } : {}),
      });
      form.clearFieldError('postcode');
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Error', message: err.message }),
  });

  const findAddress = () => {
    const postcode = form.getValues().postcode.trim();
    if (!postcode) {
      form.setFieldError('postcode', 'Enter a post code to look up.');
      return;
    }
    lookup.mutate(postcode);
  };

  // The create screen reached with ?postcode= looks it up at once (once, even in StrictMode).
  const started = useRef(false);
  useEffect(() => {
    if (!readOnly && initialPostcode?.trim() && !started.current) {
      started.current = true;
      lookup.mutate(initialPostcode.trim());
    }
  }, [initialPostcode, readOnly, lookup]);

  const countryOptions = toOptions(countries.data, (c) => c.name);
  const affiliateList = affiliateOptions(affiliates.data, {
    id: customer?.affiliate_id ?? null,
    name: customer?.affiliate_name ?? null,
  });

  return (
    <EntityFormFrame
      entity={guard.entity}
      submitLabel={{ create: 'Create customer', update: 'Update customer' }}
      maw={960}
      bare={bare}
      label="Customer details"
      afterFields={
        guard.found && (
          <DuplicateWarning found={guard.found} onCreateAnyway={guard.createAnyway} newTab={bare} />
        )
      }
    >
      <Section title="Personal details">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
          <Select
            label="Title"
            placeholder="Choose a title"
            data={[...CUSTOMER_TITLES]}
            clearable={!readOnly}
            {...form.getInputProps('title')}
          />
          <TextInput label="First name" required autoComplete="off" {...form.getInputProps('first_name')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('last_name')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone_number')} />
          <TextInput label="Mobile" type="tel" autoComplete="off" {...form.getInputProps('mobile_number')} />
        </SimpleGrid>
      </Section>
      <Divider my="lg" />
      <Section title="Address">
        <Group align="flex-start" gap="sm" wrap="wrap" mb="sm">
          <TextInput
            label="Post code"
            autoComplete="off"
            w={{ base: '100%', xs: 200 }}
            {...form.getInputProps('postcode')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !readOnly) {
                e.preventDefault();
                findAddress();
              }
            }}
          />
          {!readOnly && (
            <Button variant="light" mt={25} onClick={findAddress} disabled={lookup.isPending}>
              {lookup.isPending ? 'Finding...' : 'Find address'}
            </Button>
          )}
          {!readOnly && suggestions && (
            <Select
              label="Choose an address"
              placeholder={`${suggestions.length} address${suggestions.length === 1 ? '' : 'es'} found`}
              data={suggestions.map((s) => ({ value: s.id, label: s.address }))}
              value={chosen}
              searchable
              onChange={(id) => {
                setChosen(id);
                if (id) fill.mutate(id);
              }}
              disabled={fill.isPending}
              style={{ flex: 1, minWidth: 260 }}
              comboboxProps={{ withinPortal: true }}
              defaultDropdownOpened
            />
          )}
        </Group>
        <FieldGrid>
          <TextInput label="Street address" {...form.getInputProps('street_address')} />
          <TextInput label="Address line 2" {...form.getInputProps('address_line_2')} />
          <TextInput label="Address line 3" {...form.getInputProps('address_line_3')} />
          <TextInput label="Address line 4" {...form.getInputProps('address_line_4')} />
          <TextInput label="Town" {...form.getInputProps('town')} />
          <TextInput label="County" {...form.getInputProps('county')} />
          <Select
            label="Country"
            placeholder={countries.isPending ? 'Loading…' : 'Choose a country'}
            data={countryOptions}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No country matches"
            {...form.getInputProps('country_id')}
          />
        </FieldGrid>
      </Section>
      <Divider my="lg" />
      <Section title="Preferences">
        <FieldGrid>
          <Select
            label="Affiliate"
            placeholder={
              affiliates.isPending
                ? 'Loading…'
                : affiliates.isError
                  ? 'Affiliates unavailable'
                  : 'No affiliate'
            }
            data={affiliateList}
            searchable
            clearable={!readOnly}
            nothingFoundMessage="No affiliate matches"
            {...form.getInputProps('affiliate_id')}
          />
          <div />
        </FieldGrid>
        <Group gap="xl" mt="md">
          <Switch label="Opt out of email" {...form.getInputProps('opt_out_email', { type: 'checkbox' })} />
          <Switch
            label="Opt out of mailing"
            {...form.getInputProps('opt_out_mailing', { type: 'checkbox' })}
          />
          <Switch
            label="Blacklisted"
            color="red"
            {...form.getInputProps('is_blacklisted', { type: 'checkbox' })}
          />
        </Group>
      </Section>
    </EntityFormFrame>
  );
}
