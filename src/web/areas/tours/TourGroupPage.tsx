import { groupsApi } from '../../../shared/api/groups';
import { keys } from '../../api/query-keys';
import { EntityEditPage } from '../../ui/entity';
import { Can } from '../../ui/permissions';
import { DeleteGroupButton } from './group/DeleteGroupButton';
import { GroupForm } from './group/GroupForm';
import { GroupScreen } from './group/GroupScreen';

/**
 * Tour group (/tours/groups/{id} and /groups/{id}, spec 3 §2): 'Group of {tour}', the group form
 * (blank values fall back to the tour's, shown as placeholders), Instances with Manage Transfers,
 * Accommodation Exclude (and the group's own accommodation), Linked Groups, Documents
 * (GroupDocumentsSection), Suppliers, Services & Payments (GroupPaymentsSection) and the group's
 * bookings.
 */
export function TourGroupPage() {
  return (
    <EntityEditPage
      label="tour group"
      load={groupsApi.get}
      select={(answer) => answer.data}
      queryKey={keys.groups.one}
      invalidate={keys.groups.all}
      title={(answer) => `Group of ${answer.tourGroup.tour.name}`}
      actions={(answer) => (
        <Can permission="groups.delete">
          <DeleteGroupButton g={answer.tourGroup} />
        </Can>
      )}
      update={groupsApi.update}
      form={GroupForm}
      layout={(form, answer) => <GroupScreen g={answer.tourGroup} form={form} />}
    />
  );
}
