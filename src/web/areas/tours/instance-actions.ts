import { notifications } from '@mantine/notifications';
import { HAS_ACTIVE_BOOKINGS, instancesApi } from '../../../shared/api/instances';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { confirmDelete } from '../../ui/confirm';

/** Spec 3 §8, word for word. */
export const deleteInstanceConfirm = (title: string) =>
  `Are you sure you want to delete instance "${title}" ?`;

/**
 * Deleting an instance from the group or instance screen (spec 3 §4, §8): one with bookings is
 * refused at once ('Oops... Sorry, this instance have active bookings.'); otherwise the spec's
 * question, then POST tours/instances/{id}/delete and its message. Resolves true when deleted.
 */
export async function deleteInstance(instance: {
  id: number;
  instance_title: string | null;
  departure_date: string;
  booking_count: number;
}): Promise<boolean> {
  if (instance.booking_count > 0) {
    notifications.show({ color: 'red', title: 'Error', message: HAS_ACTIVE_BOOKINGS });
    return false;
  }
  const title = instance.instance_title ?? formatDate(instance.departure_date);
  if (!(await confirmDelete(deleteInstanceConfirm(title)))) return false;
  try {
    const answer = await api.call(instancesApi.delete, { params: { id: instance.id } });
    notifications.show({ color: 'green', message: answer.message });
    return true;
  } catch (err) {
    notifications.show({ color: 'red', title: 'Error', message: (err as Error).message });
    return false;
  }
}
