import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { type bookingCreateSchema, bookingEditApi } from '../../../shared/api/booking-edit';
import { customersApi } from '../../../shared/api/customers';
import { pathTo } from '../../../shared/routes';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { type CustomerHit, CustomerTypeahead } from '../../ui/CustomerTypeahead';
import { EntityCreatePage, type EntityFormProps } from '../../ui/entity';
import { useProblemNotice } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { type PartyChoice, PartyPickerModal } from '../../ui/PartyPickerModal';
import { useCan } from '../../ui/permissions';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { AddTourPanel } from './AddTourPanel';
import { bookingKeys } from './booking-api';
import { CreateNew } from './CreateNew';
import { Block } from './NewBookingBlock';
import { DraftOffer } from './NewBookingDraftOffer';
import { NewBookingLines, NewBookingSummary } from './NewBookingSummary';
import {
  airlineEmailFor,
  type ChosenTourLine,
  newBookingProblem,
  newBookingTotals,
  toBookingCreate,
} from './new-booking';
import {
  clearDraft,
  hasBookingWork,
  LEAVE_DRAFT_QUESTION,
  type NewBookingDraftState,
  readDraft,
  type StoredNewBookingDraft,
  writeDraft,
} from './new-booking-draft';
import { hitName, toHit, useAirlineDomains, useStaffId } from './new-booking-hooks';
import { type CreatableParty, PartyCreateModal } from './PartyCreateModal';

type BookingCreateInput = z.input<typeof bookingCreateSchema>;

/**
 * New booking (/bookings/create, route booking-create, spec 1 §2 'New booking', §5, §8): a summary,
 * pickers for customer, agent and affiliate (each may be created in a modal), the tour lines added
 * through the add-a-tour panel (offered once a customer or agent is linked), an optional custom
 * airline reference email, and 'Proceed with booking' (POST bookings), which goes on to the new
 * booking's edit screen. `?customer_id=` links that customer (Create Booking on a customer).
 * Role 1 only (bookings.create); other roles see a notice. Work in progress is kept as a draft in
 * the browser and offered back when the screen opens again; leaving it asks first (issue #22).
 */
export function NewBookingPage() {
  const mayCreate = useCan('bookings.create');
  if (!mayCreate) {
    return (
      <>
        <PageHeader title="New booking" />
        <Alert color="yellow" title="Not available" maw={640}>
          <Text size="sm" mb="sm">
            Only an administrator can create bookings.
          </Text>
          <Button component={Link} to={pathTo('bookings')} variant="light" size="xs">
            Back to bookings
          </Button>
        </Alert>
      </>
    );
  }
  return (
    <EntityCreatePage
      title="New booking"
      create={bookingEditApi.create}
      invalidate={keys.bookings.all}
      afterCreate={(answer) => pathTo('booking-edit', { id: answer.data.id })}
      form={NewBookingForm}
    />
  );
}

/**
 * The New booking form of the entity kit's create page: `send` posts the booking (POST bookings),
 * `onSaved` reloads the bookings and opens the new booking's edit screen.
 */
function NewBookingForm({ send, onSaved }: EntityFormProps<never, BookingCreateInput>) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // The customer the screen was opened for (Create Booking on a customer): not work of its own.
  const [openedFor] = useState<number | null>(() => {
    const n = Number(params.get('customer_id'));
    return Number.isInteger(n) && n > 0 ? n : null;
  });
  const [customerId, setCustomerId] = useState<number | null>(openedFor);
  const [customerHit, setCustomerHit] = useState<CustomerHit | null>(null);
  const [agent, setAgent] = useState<PartyChoice | null>(null);
  const [affiliate, setAffiliate] = useState<PartyChoice | null>(null);
  // Each line keeps a key of its own: the same room may be added twice, and lines can be removed.
  const [items, setItems] = useState<{ key: number; line: ChosenTourLine }[]>([]);
  const nextKey = useRef(1);
  const lines = items.map((i) => i.line);
  const [customAirline, setCustomAirline] = useState(false);
  const [domain, setDomain] = useState<string | null>(null);
  const [airlineEmail, setAirlineEmail] = useState('');
  const [creating, setCreating] = useState<CreatableParty | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  // The red notice of a refused proceed goes with its cause (a tour added, a party linked).
  const notice = useProblemNotice();
  const clearProblem = () => {
    setProblem([]);
    notice.clear();
  };

  const customer = useQuery({
    queryKey: keys.customers.one(customerId ?? 0),
    queryFn: ({ signal }) =>
      api.call(customersApi.get, { params: { id: customerId ?? 0 }, signal }).then((r) => r.data),
    enabled: customerId !== null,
  });
  const linkedCustomer = customer.data?.id === customerId ? customer.data : null;
  const hit: CustomerHit | null =
    customerHit?.id === customerId ? customerHit : linkedCustomer ? toHit(linkedCustomer) : null;
  const domains = useAirlineDomains();
  const totals = newBookingTotals(lines);
  const hasParty = customerId !== null || agent !== null;

  // Issue #22: the work in progress, kept as the signed-in member of staff's draft as it changes.
  const draft: NewBookingDraftState = {
    customer_id: customerId,
    customer_hit: hit,
    agent,
    affiliate,
    lines,
    custom_airline: customAirline,
    domain,
    airline_reference_email: airlineEmail,
  };
  const work = hasBookingWork(draft, openedFor);
  const created = useRef(false);
  const workNow = useRef(work);
  workNow.current = work;
  useUnsavedChanges({
    dirty: () => !created.current && workNow.current,
    question: LEAVE_DRAFT_QUESTION,
    // Closing the tab loses nothing: the draft is in the browser.
    onUnload: false,
  });
  const staffId = useStaffId();
  // The draft found on opening (undefined: not looked for yet), until restored or discarded.
  const [offer, setOffer] = useState<StoredNewBookingDraft | null | undefined>(undefined);
  if (offer === undefined && staffId !== null) {
    const stored = readDraft(localStorage, staffId);
    setOffer(stored && hasBookingWork(stored, null) ? stored : null);
  }
  const wrote = useRef(false);
  const draftText = JSON.stringify(draft);
  useEffect(() => {
    if (staffId === null || created.current) return;
    if (workNow.current) {
      // New work replaces an older draft not taken up.
      writeDraft(localStorage, staffId, JSON.parse(draftText));
      wrote.current = true;
      setOffer((o) => (o === undefined ? o : null));
    } else if (wrote.current) {
      clearDraft(localStorage, staffId);
      wrote.current = false;
    }
  }, [draftText, staffId]);
  const restore = (d: StoredNewBookingDraft) => {
    setCustomerId(d.customer_id);
    setCustomerHit(d.customer_hit);
    setAgent(d.agent);
    setAffiliate(d.affiliate);
    setItems(d.lines.map((line) => ({ key: nextKey.current++, line })));
    setCustomAirline(d.custom_airline);
    setDomain(d.domain);
    setAirlineEmail(d.airline_reference_email);
    setOffer(null);
    clearProblem();
  };
  const discard = () => {
    if (staffId !== null) clearDraft(localStorage, staffId);
    setOffer(null);
  };

  const save = useMutation({
    mutationFn: () =>
      send(
        toBookingCreate({
          customer_id: customerId,
          agent_id: agent?.id ?? null,
          affiliate_id: affiliate?.id ?? null,
          lines,
          custom_airline: customAirline,
          airline_reference_email: airlineEmail,
        }),
      ),
    onSuccess: (answer) => {
      const message = (answer as { message?: string } | undefined)?.message;
      notifications.show({ color: 'green', message: message ?? 'Booking created successfully.' });
      // Created: the draft goes, and the move to the new booking is not held back.
      created.current = true;
      if (staffId !== null) clearDraft(localStorage, staffId);
      onSaved(answer);
    },
    onError: (err) => {
      // Spec 1 §5: only the first message of each item shows; the form stays as it was.
      const fields = err instanceof ApiError ? Object.values(err.fieldErrors) : [];
      setProblem(fields.length ? fields : [err.message]);
      notice.show(err.message);
      // A 409 means a room went meanwhile: show the rooms left as they are now.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.instanceRooms() });
    },
  });

  const proceed = () => {
    const found = newBookingProblem({
      customer_id: customerId,
      agent_id: agent?.id ?? null,
      affiliate_id: affiliate?.id ?? null,
      lines,
      custom_airline: customAirline,
      airline_reference_email: airlineEmail,
    });
    if (found) {
      setProblem([found.message]);
      notice.show(found.message);
      return;
    }
    clearProblem();
    save.mutate();
  };

  const linkCustomer = (id: number | null, h: CustomerHit | null) => {
    setCustomerId(id);
    setCustomerHit(h);
    clearProblem();
    // An address built from the previous customer's name no longer fits: choose the domain again.
    if (domain) {
      setDomain(null);
      setAirlineEmail('');
    }
  };

  return (
    <>
      <Stack gap="lg">
        {offer && <DraftOffer draft={offer} onRestore={() => restore(offer)} onDiscard={discard} />}
        <NewBookingSummary
          customer={linkedCustomer}
          customerLabel={hit ? hitName(hit) : null}
          agent={agent}
          affiliate={affiliate}
          lines={lines}
          totals={totals}
        />

        <Block title="Booking for">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Stack gap={6}>
              <CustomerTypeahead
                // Remounts when a customer is linked from outside (query, Create new) to show its name.
                key={hit?.id ?? 'none'}
                label="Customer"
                value={customerId}
                selected={hit}
                onChange={linkCustomer}
              />
              <CreateNew label="customer" onClick={() => setCreating('customer')} />
            </Stack>
            <Stack gap={6}>
              <PartyPickerModal
                kind="agent"
                label="Agent"
                value={agent}
                onChange={(v) => {
                  setAgent(v);
                  clearProblem();
                }}
              />
              <CreateNew label="agent" onClick={() => setCreating('agent')} />
            </Stack>
            <Stack gap={6}>
              <PartyPickerModal
                kind="affiliate"
                label="Affiliate"
                value={affiliate}
                onChange={setAffiliate}
              />
              <CreateNew label="affiliate" onClick={() => setCreating('affiliate')} />
            </Stack>
          </SimpleGrid>
        </Block>

        {lines.length > 0 && (
          <Block title="Tour booking items">
            <NewBookingLines
              items={items}
              toursTotal={totals.tours_total}
              onRemove={(key) => setItems((list) => list.filter((i) => i.key !== key))}
            />
          </Block>
        )}

        {hasParty ? (
          <Block title="Add tour to booking">
            <AddTourPanel
              submitLabel="Add tour to booking"
              held={items.map((i) => i.line)}
              onAdd={(line) => {
                setItems((list) => [...list, { key: nextKey.current++, line }]);
                clearProblem();
                notifications.show({ color: 'green', message: `${line.tour_name} added to the booking.` });
              }}
            />
          </Block>
        ) : (
          <Text size="sm" c="dimmed">
            Link a customer or an agent to add tours to this booking.
          </Text>
        )}

        <Block title="Custom airline reference email">
          <Switch
            label="Use a custom airline reference email"
            checked={customAirline}
            onChange={(e) => setCustomAirline(e.currentTarget.checked)}
          />
          {customAirline && (
            <Group mt="md" align="flex-start" gap="md" wrap="wrap">
              {domains.length > 0 && (
                <Select
                  label="Allowed domain"
                  placeholder="Choose a domain"
                  data={domains}
                  value={domain}
                  clearable
                  w={240}
                  onChange={(d) => {
                    setDomain(d);
                    // Spec 1 §4: choosing a domain builds the address; clearing it empties it.
                    setAirlineEmail(airlineEmailFor(linkedCustomer, d));
                  }}
                  description={linkedCustomer ? undefined : 'Link a customer to build the address'}
                />
              )}
              <TextInput
                label="Airline reference email"
                type="email"
                w={360}
                maxLength={200}
                value={airlineEmail}
                onChange={(e) => setAirlineEmail(e.currentTarget.value)}
              />
            </Group>
          )}
        </Block>

        {problem.length > 0 && (
          <Alert color="red" title="The booking was not created" role="alert">
            {problem.map((p) => (
              <Text size="sm" key={p}>
                {p}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={pathTo('bookings')} variant="default" disabled={save.isPending}>
            Cancel
          </Button>
          <Button size="md" onClick={proceed} disabled={save.isPending}>
            {save.isPending ? 'Creating...' : 'Proceed with booking'}
          </Button>
        </Group>
      </Stack>

      <PartyCreateModal
        kind={creating}
        onClose={() => setCreating(null)}
        onCreated={(kind, party) => {
          clearProblem();
          if (kind === 'customer') linkCustomer(party.id, null);
          else if (kind === 'agent') setAgent(party);
          else setAffiliate(party);
        }}
      />
    </>
  );
}
