import { useQuery } from '@tanstack/react-query';
import type {
  GroupBookingRow,
  InstanceDetail,
  TourAccommodationDetail,
  TourDetail,
  TourGroupDetail,
} from '../../../shared/api/tour-catalogue';
import { api } from '../../api/client';

/** The lists the tour screens choose from (GET tours/tour-data, spec 3 §7 Tours). */
export interface TourData {
  accomodations: { id: number; accommodation_name: string; resort_name: string | null }[];
  bonding_types: { id: number; name: string }[];
  countries: { id: number; name: string }[];
  pickUpRegions: {
    id: number;
    region_name: string;
    pick_up_points: { id: number; pickup_point_name: string }[];
  }[];
}

export function useTourData() {
  return useQuery({
    queryKey: ['tours', 'tour-data'],
    queryFn: () => api.get<{ data: TourData }>('/tours/tour-data').then((r) => r.data),
    staleTime: 60_000,
  });
}

/** UK departure airports (GET airports/by_country/GB). */
export function useDepartureAirports() {
  return useQuery({
    queryKey: ['airports', 'by_country', 'GB'],
    queryFn: () =>
      api
        .get<{ data: { id: number; airport_name: string; iata_code: string; city: string | null }[] }>(
          '/airports/by_country/GB',
        )
        .then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const tourKey = (id: number) => ['tour', id] as const;
export const groupKey = (id: number) => ['tour-group', id] as const;
export const instanceKey = (id: number) => ['tour-instance', id] as const;
export const tourAccommodationKey = (id: number) => ['tour-accommodation', id] as const;

export function useTour(id: number) {
  return useQuery({
    queryKey: tourKey(id),
    queryFn: () => api.get<{ data: TourDetail[] }>(`/tours/${id}`).then((r) => r.data[0]),
  });
}

export type GroupAnswer = {
  tourGroup: TourGroupDetail & { bookings: GroupBookingRow[] };
  suppliers: { id: number; supplier_name: string }[];
  servicesTypes: { id: number; service_name: string }[];
  tour_managers: { id: number; firstname: string; lastname: string }[];
};

export function useGroup(id: number) {
  return useQuery({
    queryKey: groupKey(id),
    queryFn: () => api.get<{ data: GroupAnswer }>(`/tours/groups/${id}`).then((r) => r.data),
  });
}

export type InstanceAnswer = InstanceDetail & { bookings: GroupBookingRow[] };

export function useInstance(id: number) {
  return useQuery({
    queryKey: instanceKey(id),
    queryFn: () => api.get<{ data: InstanceAnswer }>(`/tours/instances/${id}`).then((r) => r.data),
  });
}

export function useTourAccommodation(id: number) {
  return useQuery({
    queryKey: tourAccommodationKey(id),
    queryFn: () =>
      api.get<{ data: TourAccommodationDetail }>(`/tours/accommodation/${id}`).then((r) => r.data),
  });
}

/** Money and numbers go out as decimal strings or blanks, never floats. */
export const decimalText = (v: string | number | null | undefined) =>
  v === '' || v === null || v === undefined ? '' : String(v);

/** A whole number from a NumberInput value, or '' when blank. */
export const intText = (v: string | number | null | undefined) =>
  v === '' || v === null || v === undefined ? '' : String(v);
