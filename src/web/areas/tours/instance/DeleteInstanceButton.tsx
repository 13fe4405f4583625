import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { InstanceAnswer } from '../../../../shared/api/tour-catalogue';
import { pathTo } from '../../../../shared/routes';
import { useDeleteInstance } from '../instance-actions';

/**
 * Delete instance: asked and refused as `useDeleteInstance` says, then back to the instance's group.
 */
export function DeleteInstanceButton({ inst }: { inst: InstanceAnswer }) {
  const navigate = useNavigate();
  const { deleteInstance, isPending } = useDeleteInstance(() =>
    navigate(pathTo('tour-group', { id: inst.tour_group_id })),
  );
  return (
    <Button color="red" variant="light" disabled={isPending} onClick={() => deleteInstance(inst)}>
      Delete instance
    </Button>
  );
}
