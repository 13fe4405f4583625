import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { instancesApi } from '../../../shared/api/instances';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityEditPage } from '../../ui/entity';
import { Can } from '../../ui/permissions';
import { DeleteInstanceButton } from './instance/DeleteInstanceButton';
import { InstanceForm } from './instance/InstanceForm';
import { InstanceScreen } from './instance/InstanceScreen';

/**
 * Tour instance (/tours/instances/{id}, spec 3 §2): 'Instance of' + a link to the tour; every field
 * by tour type; Flights (air tours); Prices per accommodation room saved per field; Bookings.
 */
export function TourInstancePage() {
  return (
    <EntityEditPage
      label="instance"
      load={instancesApi.get}
      select={(answer) => answer.data}
      queryKey={keys.instances.one}
      invalidate={keys.instances.all}
      title={(inst) => (
        <>
          Instance of{' '}
          <Anchor component={Link} to={pathTo('tour-edit', { id: inst.tour.id })} inherit>
            {inst.tour.name}
          </Anchor>
        </>
      )}
      actions={(inst) => (
        <Can permission="instances.delete">
          <DeleteInstanceButton inst={inst} />
        </Can>
      )}
      update={instancesApi.update}
      form={InstanceForm}
      layout={(form, inst) => <InstanceScreen inst={inst} form={form} />}
    />
  );
}
