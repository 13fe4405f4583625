import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { groupsApi } from '../../../../shared/api/groups';
import type { TourGroupDetail } from '../../../../shared/api/tour-catalogue';
import { pathTo } from '../../../../shared/routes';
import { api } from '../../../api/client';
import { formatDate } from '../../../lib/format';
import { confirmDelete } from '../../../ui/confirm';
import { useNoticeMutation } from '../../../ui/notice-mutation';

/** Spec 3 §8, word for word. */
const deleteGroupConfirm = (date: string) =>
  `Are you sure you want to delete group "${date}" ? You won't be able to revert this!`;

/**
 * Delete group: refused with the spec's message while bookings use it (the red notice), else
 * asked, then deleted and back to the tour. Answers null when the user says no (no notice).
 */
export function DeleteGroupButton({ g }: { g: TourGroupDetail }) {
  const navigate = useNavigate();
  const remove = useNoticeMutation(
    async () => {
      const check = await api.call(groupsApi.checkDeletion, { params: { id: g.id } });
      if (!check.can_delete) throw new Error(check.message);
      if (!(await confirmDelete(deleteGroupConfirm(formatDate(g.start_date))))) return null;
      return api.call(groupsApi.delete, { params: { id: g.id } });
    },
    {
      onSuccess: (done) => {
        if (done) navigate(pathTo('tour-edit', { id: g.tour_id }));
      },
    },
  );
  return (
    <Button color="red" variant="light" disabled={remove.isPending} onClick={() => remove.mutate()}>
      Delete group
    </Button>
  );
}
