import { Alert, Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type AgentBookingInput, agentBookingInput, agentSideApi } from '../../shared/api/agent-side';
import { pathTo } from '../../shared/routes';
import { ApiError, api } from '../api/client';
import { keys } from '../api/query-keys';
import { useFormSubmit, useOnFormChange } from '../ui/form';
import { zodValidate } from '../ui/zod-validate';
import type { AgentBookingState } from './AgentBookingPage';
import { AgentFrame } from './AgentFrame';
import { ChooseDeparture, type DepartureChoice } from './book/ChooseDeparture';
import { ChooseRoom, maxGuests } from './book/ChooseRoom';
import { type BookValues, blankPassenger, PassengersFields } from './book/PassengersFields';
import { QuoteSummary } from './book/QuoteSummary';

const NO_CHOICE: DepartureChoice = { tourId: null, airportId: null, from: null, to: null, departureId: null };

/**
 * /agent/book (issue #25): book for a client — a tour and departure (places left), a room (price
 * per guest, rooms left, what cannot be sold disabled with the reason), the guests and one
 * passenger per guest (the first the lead client), a special request and the agency's reference;
 * 'Check price and commission' asks POST agent/bookings/quote (nothing saved) and shows the
 * figures; 'Confirm booking' makes it (POST agent/bookings) and opens it with the thank-you. Any
 * change after the quote takes it back. A refusal because the room or places have just gone (409)
 * says so and the departures and rooms are read again.
 */
export function AgentBookPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<DepartureChoice>(NO_CHOICE);
  const [roomId, setRoomId] = useState<string | null>(null);
  const [quote, setQuote] = useState<Awaited<ReturnType<typeof askQuote>> | null>(null);
  const [soldOut, setSoldOut] = useState<string | null>(null);
  const departureId = Number(choice.departureId);
  const offer = useQuery({
    queryKey: keys.agent.list('offer', departureId),
    queryFn: async ({ signal }) =>
      (await api.call(agentSideApi.offer, { params: { id: departureId }, signal })).data,
    enabled: departureId > 0,
  });
  const form = useForm<BookValues>({
    mode: 'controlled',
    initialValues: {
      guests: 2,
      passengers: [blankPassenger(), blankPassenger()],
      special_request: '',
      agent_reference: '',
    },
    validate: zodValidate(agentBookingInput, (v: BookValues) => toInput(v, choice.departureId, roomId)),
  });
  const forget = () => setQuote(null);
  useOnFormChange(form, forget);

  const setGuests = (n: number) => {
    const passengers = form.values.passengers.slice(0, n);
    while (passengers.length < n) passengers.push(blankPassenger());
    form.setValues({ guests: n, passengers });
  };
  // A room that takes fewer guests than asked brings the number down.
  const room = offer.data?.rooms.find((r) => String(r.tour_room_id) === roomId);
  const max = maxGuests(offer.data, room);
  const lastMax = useRef(max);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new limit trims the guests
  useEffect(() => {
    if (max !== lastMax.current && form.values.guests > max) setGuests(max);
    lastMax.current = max;
  }, [max]);

  const refreshChoice = () =>
    client
      .invalidateQueries({ queryKey: keys.agent.list('departures') })
      .then(() => client.invalidateQueries({ queryKey: keys.agent.list('offer') }));
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setSoldOut(error.message);
      setQuote(null);
      void refreshChoice();
    }
  };
  const { onSubmit, saving } = useFormSubmit(
    form,
    async (values: BookValues) => {
      try {
        return await askQuote(toInput(values, choice.departureId, roomId));
      } catch (error) {
        refused(error);
        throw error;
      }
    },
    { guardChanges: true, onSuccess: (answer) => setQuote(answer) },
  );
  const create = useMutation({
    mutationFn: (values: BookValues) =>
      api.call(agentSideApi.create, { body: toInput(values, choice.departureId, roomId) }),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: keys.agent.all });
      form.resetDirty();
      const state: AgentBookingState = { created: true };
      void navigate(pathTo('agent-booking', { id: answer.data.id }), { state });
    },
    onError: (error) => {
      refused(error);
      if (error instanceof ApiError) form.setErrors(error.fieldErrors);
    },
  });

  const change = (next: Partial<DepartureChoice>) => {
    setChoice((old) => ({ ...old, ...next }));
    if ('departureId' in next || 'tourId' in next) setRoomId(null);
    setSoldOut(null);
    create.reset();
    forget();
  };
  return (
    <AgentFrame title="Book for a client">
      {soldOut && (
        <Alert color="red" variant="light" role="alert" title="Not available any more">
          {soldOut} The departures and rooms below have been brought up to date: please choose again.
        </Alert>
      )}
      <ChooseDeparture choice={choice} onChange={change} />
      {departureId > 0 && (
        <ChooseRoom
          offer={offer}
          roomId={roomId}
          guests={form.values.guests}
          onRoom={(id) => {
            setRoomId(id);
            setSoldOut(null);
            forget();
          }}
          onGuests={setGuests}
        />
      )}
      {room && (
        <form onSubmit={onSubmit} noValidate>
          <PassengersFields form={form} />
          {!quote && (
            <Group mt="md">
              <Button type="submit" size="md" disabled={saving}>
                {saving ? 'Checking the price...' : 'Check price and commission'}
              </Button>
            </Group>
          )}
        </form>
      )}
      {room && quote && (
        <QuoteSummary
          quote={quote.data}
          confirming={create.isPending}
          error={
            create.isError && !(create.error instanceof ApiError && create.error.status === 409)
              ? create.error.message
              : null
          }
          onConfirm={() => create.mutate(form.getValues())}
        />
      )}
    </AgentFrame>
  );
}

/** POST agent/bookings/quote: the figures of a booking not yet made. */
const askQuote = (body: AgentBookingInput) => api.call(agentSideApi.quote, { body });

/** The form and the chosen departure and room as POST agent/bookings(/quote) takes them. */
function toInput(values: BookValues, departureId: string | null, roomId: string | null): AgentBookingInput {
  return {
    tour_instance_id: Number(departureId),
    tour_room_id: Number(roomId),
    guests: values.guests,
    passengers: values.passengers.map((p) => ({
      title: p.title ?? '',
      first_name: p.first_name,
      last_name: p.last_name,
      dob: p.dob ?? '',
      gender: p.gender ?? '',
    })),
    special_request: values.special_request,
    agent_reference: values.agent_reference,
  } as AgentBookingInput;
}
