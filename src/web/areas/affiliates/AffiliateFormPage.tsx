import { Paper, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { affiliatesApi } from '../../../shared/api/affiliates';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityCreatePage, EntityEditPage } from '../../ui/entity';
import { PartyBookingsTable } from '../../ui/PartyBookingsTable';
import { AffiliateForm } from './AffiliateForm';

/** Create affiliate (/affiliates/create, role 1): goes to the affiliate's edit screen afterwards. */
export function AffiliateCreatePage() {
  return (
    <EntityCreatePage
      title="New affiliate"
      create={affiliatesApi.create}
      invalidate={keys.affiliates.all}
      afterCreate={(answer) => pathTo('affiliate-edit', { id: answer.data.id })}
      form={AffiliateForm}
    />
  );
}

const TABS = ['basic', 'bookings'] as const;
type Tab = (typeof TABS)[number];

/**
 * Affiliate edit (/affiliates/edit/{id}, spec 2 §2): tabs Basic Details (the form, update button
 * for role 1) and Bookings (5 a page). The spec's Advertisements tab (its default) comes with the
 * advertisements issue; until then Basic Details opens first. The tab is kept in `?tab=`.
 */
export function AffiliateEditPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'basic';
  return (
    <EntityEditPage
      label="affiliate"
      load={affiliatesApi.get}
      select={(answer) => answer.data.affiliate}
      queryKey={keys.affiliates.one}
      invalidate={keys.affiliates.all}
      title={(affiliate) => `Affiliate: ${affiliate.name}`}
      update={affiliatesApi.update}
      form={AffiliateForm}
      layout={(form, affiliate) => (
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'basic' ? { tab: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="basic">Basic Details</Tabs.Tab>
            <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic">{form}</Tabs.Panel>
          <Tabs.Panel value="bookings">
            <Paper withBorder p="md" radius="md" maw={960}>
              <PartyBookingsTable
                endpoint={affiliatesApi.bookings}
                params={{ id: affiliate.id }}
                queryKeyPrefix={keys.affiliates.sub(affiliate.id, 'bookings')}
                label={`Bookings of ${affiliate.name}`}
                linkLabel="Edit"
                pageSizes={[5, 25, 50, 100]}
              />
            </Paper>
          </Tabs.Panel>
        </Tabs>
      )}
    />
  );
}
