import { Paper, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { affiliatesApi } from '../../../shared/api/affiliates';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityCreatePage, EntityEditPage } from '../../ui/entity';
import { PartyBookingsTable } from '../../ui/PartyBookingsTable';
import { InvoicesSection } from '../invoices';
import { AdvertisementsTab } from './AdvertisementsTab';
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

const TABS = ['basic', 'adverts', 'bookings'] as const;
type Tab = (typeof TABS)[number];

/**
 * Affiliate edit (/affiliates/edit/{id}, spec 2 §2): tabs Basic Details (the form, update button
 * for role 1, and the affiliate's invoices), Advertisements (the default) and Bookings (5 a page).
 * The tab is kept in `?tab=`; the Advertisements tab reads `?downloadInvoice=`.
 */
export function AffiliateEditPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'adverts';
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
          onChange={(v) => setParams(v && v !== 'adverts' ? { tab: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="basic">Basic Details</Tabs.Tab>
            <Tabs.Tab value="adverts">Advertisements</Tabs.Tab>
            <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic">
            <Stack gap="lg">
              {form}
              <InvoicesSection invoiceFor="affiliate" partyId={affiliate.id} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="adverts">
            <AdvertisementsTab affiliateId={affiliate.id} />
          </Tabs.Panel>
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
