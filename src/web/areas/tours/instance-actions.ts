import { notifications } from '@mantine/notifications';
import { HAS_ACTIVE_BOOKINGS, instancesApi } from '../../../shared/api/instances';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm';
import { useNoticeMutation } from '../../ui/notice-mutation';

/** Spec 3 §8, word for word. */
export const deleteInstanceConfirm = (title: string) =>
  `Are you sure you want to delete instance "${title}" ?`;

/** What deleting an instance needs to know of it. */
export interface DeletableInstance {
  id: number;
  instance_title: string | null;
  departure_date: string;
  booking_count: number;
}

/**
 * Deleting an instance from the group or instance screen (spec 3 §4, §8): one with bookings is
 * refused at once ('Oops... Sorry, this instance have active bookings.'); otherwise the spec's
 * question, then POST tours/instances/{id}/delete, its message, and `onDeleted`. Answers
 * `deleteInstance(instance)` and `isPending` while the call runs.
 */
export function useDeleteInstance(onDeleted: () => void) {
  const mutation = useNoticeMutation((id: number) => api.call(instancesApi.delete, { params: { id } }), {
    onSuccess: () => onDeleted(),
  });
  const deleteInstance = async (instance: DeletableInstance) => {
    if (instance.booking_count > 0) {
      notifications.show({ color: 'red', title: 'Error', message: HAS_ACTIVE_BOOKINGS });
      return;
    }
    const title = instance.instance_title ?? formatDate(instance.departure_date);
    if (await confirmDelete(deleteInstanceConfirm(title))) mutation.mutate(instance.id);
  };
  return { deleteInstance, isPending: mutation.isPending };
}
