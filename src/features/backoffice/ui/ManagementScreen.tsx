import 'mantine-datatable/styles.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { ServiceFeeTab, SuppliersTab } from '../../backoffice-analytics';
import { AuditTab } from '../../backoffice-audit';
import { InvoiceCheckTab } from '../../backoffice-invoices';
import { QuotesTab } from '../../backoffice-quotes';
import { SecondaryMarketTab } from '../../backoffice-secondary-market';
import { SortimentAltTab, SortimentTab } from '../../backoffice-sortiment';
import { StockTab } from '../../backoffice-stock';
import { WarehouseTab } from '../../backoffice-warehouse';
import {
  MANAGEMENT_SUBTABS,
  type ManagementSubtab,
  managementTabFromHash,
} from '../model/backoffice-navigation';

const SUBTAB_CONTENT: Record<ManagementSubtab, () => React.JSX.Element> = {
  sortiment_neu: SortimentTab,
  sortiment_alt: SortimentAltTab,
  angebote: QuotesTab,
  lieferanten: SuppliersTab,
  lagerbestand: StockTab,
  bestandsabgleich: WarehouseTab,
  zweitmarkt: SecondaryMarketTab,
  servicegebuehr: ServiceFeeTab,
  verlauf: AuditTab,
};

/**
 * `/admin/management`, the staff back office (desktop): tab "Management" with sub-tabs chosen by
 * URL hash (`#sortiment_neu`, `#angebote`, `#lieferanten`, …) or by click, and tab
 * "Bestellungen und Rechnungen" (`#orders`) with the availability check.
 */
export function ManagementScreen() {
  useDocumentTitle('Management – Weindepot');
  const location = useLocation();
  const navigate = useNavigate();
  const { tab, subtab } = managementTabFromHash(location.hash);
  const go = (hash: string) => navigate({ hash }, { replace: true });

  return (
    <Stack gap="md">
      <Title order={1}>Management</Title>
      <Tabs value={tab} onChange={(value) => go(value === 'orders' ? 'orders' : subtab)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="management">Management</Tabs.Tab>
          <Tabs.Tab value="orders">Bestellungen und Rechnungen</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="management" pt="md">
          <Tabs value={subtab} onChange={(value) => value && go(value)} keepMounted={false} variant="pills">
            <Tabs.List>
              {MANAGEMENT_SUBTABS.map(({ key, label }) => (
                <Tabs.Tab key={key} value={key}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {MANAGEMENT_SUBTABS.map(({ key }) => {
              const Content = SUBTAB_CONTENT[key];
              return (
                <Tabs.Panel key={key} value={key} pt="md">
                  <Content />
                </Tabs.Panel>
              );
            })}
          </Tabs>
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <InvoiceCheckTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
