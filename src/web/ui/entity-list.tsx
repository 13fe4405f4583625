import { Button, Group, Paper, Stack } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import type { Endpoint } from '../../shared/api/contract';
import type { Permission } from '../../shared/permissions';
import { pathTo, type RouteName } from '../../shared/routes';
import type { SortDir, TableFilters } from './datatables';
import { PageHeader } from './PageHeader';
import { Can, useCan } from './permissions';
import { DeleteAction, EditLink, RowActions } from './RowActions';
import {
  ServerTable,
  type ServerTableColumn,
  type ServerTableHandle,
  type ServerTableProps,
} from './ServerTable';

/**
 * The list page kit (issue #11): every list screen of an entity is an `EntityListPage` — the title
 * with the role-gated 'New …' button, a panel holding the filters and the one `ServerTable`, and
 * the standard actions column (`actionsColumn`). A page declares only its texts, columns and
 * filters; create and edit screens are the entity kit's (entity.tsx).
 */

/** The row actions of a list: the Edit/View link, Delete with the spec's confirmation, and extras. */
export interface EntityRowActions<T> {
  /** The column's width in pixels (each screen keeps its own). */
  width: number;
  /** The record's id for the edit route and the delete call; default `row.id`. */
  rowId?: (row: T) => number;
  /** The record's screen (`route` with `{ id }`): 'Edit' for a role with `permission`, else 'View'. */
  edit?: { route: RouteName; permission: Permission };
  /**
   * Delete through the contract's `endpoint` (`{ id }` path), shown to a role with `permission`,
   * after `confirm(row)` (the spec's words); the table reloads after a delete.
   */
  delete?: { endpoint: Endpoint; permission: Permission; confirm: (row: T) => string };
  /** More actions after Edit and Delete (e.g. an agent's password reset link). */
  more?: (row: T, reload: () => void) => ReactNode;
}

/**
 * The standard actions column (accessor 'actions', no title): `RowActions` holding the Edit/View
 * link, the Delete action when `mayDelete` (the caller's `useCan(actions.delete.permission)`) and
 * `more`. `reload` fetches the table again after a delete.
 */
export function actionsColumn<T>(
  actions: EntityRowActions<T>,
  { mayDelete, reload }: { mayDelete: boolean; reload: () => void },
): ServerTableColumn<T> {
  const rowId = actions.rowId ?? ((row: T) => (row as { id: number }).id);
  const { edit, delete: remove, more } = actions;
  return {
    accessor: 'actions',
    title: '',
    width: actions.width,
    render: (row) => (
      <RowActions>
        {edit && <EditLink to={pathTo(edit.route, { id: rowId(row) })} permission={edit.permission} />}
        {remove && mayDelete && (
          <DeleteAction
            endpoint={remove.endpoint}
            params={{ id: rowId(row) }}
            confirmMessage={remove.confirm(row)}
            onDeleted={reload}
          />
        )}
        {more?.(row, reload)}
      </RowActions>
    ),
  };
}

/** The row of filters above a list's table (text boxes, selects, switches). */
export function ListFilters({ children }: { children: ReactNode }) {
  return (
    <Group mb="sm" gap="md" align="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}

export interface EntityListPageProps<T> {
  /** The screen's title ('Resorts'). */
  title: string;
  /** The table's accessible name; default the title. */
  label?: string;
  /** The 'New …' button: its text, the create screen's route, and who sees it. */
  create?: { label: string; route: RouteName; permission: Permission };
  /** Other buttons of the header, before the 'New …' button (exports, bulk screens). */
  headerActions?: ReactNode;
  /** The table's endpoint of the contract (e.g. `resortsApi.table`). */
  endpoint: Endpoint;
  /** The area's key (`keys.<area>.all`): a save elsewhere in the area reloads the list. */
  queryKey: readonly unknown[];
  /** The columns before the actions column; a function when a cell must reload the table. */
  columns: ServerTableColumn<T>[] | ((reload: () => void) => ServerTableColumn<T>[]);
  /** The actions column (`actionsColumn`); none when omitted. */
  actions?: EntityRowActions<T>;
  /** The quick-search box's placeholder; no quick search when omitted. */
  search?: string;
  pageSizes?: number[];
  /** The page size shown first when it is not the first of `pageSizes`. */
  defaultPageSize?: number;
  defaultOrder?: { column: number; dir: SortDir };
  /** Extra query parameters of the table (see ServerTable `filters`). */
  filters?: TableFilters;
  /** The inputs of those filters, shown above the table (usually in `ListFilters`). */
  filterBar?: ReactNode;
  emptyText: string;
  /** The panel's maximum width (narrow lists). */
  maw?: number;
  /** Shown under the panel (e.g. an uploader). */
  below?: ReactNode;
  /** Multi-select rows (ServerTable `selection`). */
  selection?: ServerTableProps<T>['selection'];
}

/**
 * A list screen: `title` with the 'New …' button (for a role with `create.permission`, linking to
 * `create.route`), then a panel with `filterBar` and the server-side table of `endpoint` under
 * `queryKey`, its columns followed by the standard actions column, then `below`.
 */
export function EntityListPage<T extends object>({
  title,
  label = title,
  create,
  headerActions,
  endpoint,
  queryKey,
  columns,
  actions,
  search,
  pageSizes,
  defaultPageSize,
  defaultOrder,
  filters,
  filterBar,
  emptyText,
  maw,
  below,
  selection,
}: EntityListPageProps<T>) {
  const table = useRef<ServerTableHandle>(null);
  const reload = () => table.current?.reload();
  // The permission is fixed per screen, so the hook runs in the same order on every render.
  const mayDelete = useCan(actions?.delete?.permission ?? 'auth.details');
  const all = [
    ...(typeof columns === 'function' ? columns(reload) : columns),
    ...(actions ? [actionsColumn(actions, { mayDelete, reload })] : []),
  ];
  const panel = (
    <Paper withBorder p="md" radius="md" maw={maw}>
      {filterBar}
      <ServerTable<T>
        ref={table}
        label={label}
        endpoint={endpoint}
        queryKeyPrefix={queryKey}
        columns={all}
        filters={filters}
        pageSizes={pageSizes}
        defaultPageSize={defaultPageSize}
        defaultOrder={defaultOrder}
        quickSearch={search !== undefined}
        searchPlaceholder={search}
        emptyText={emptyText}
        selection={selection}
      />
    </Paper>
  );
  return (
    <>
      <PageHeader
        title={title}
        actions={
          (headerActions || create) && (
            <>
              {headerActions}
              {create && (
                <Can permission={create.permission}>
                  <Button component={Link} to={pathTo(create.route)}>
                    {create.label}
                  </Button>
                </Can>
              )}
            </>
          )
        }
      />
      {below ? (
        <Stack gap="lg">
          {panel}
          {below}
        </Stack>
      ) : (
        panel
      )}
    </>
  );
}
