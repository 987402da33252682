import type {
  SortimentDepotPosition,
  SortimentTranche,
} from '../../../src/features/backoffice-sortiment/api/backoffice-sortiment';

/** A tranche of 10 cases bought from Wein & Co, paid. */
export function tranche(changes: Partial<SortimentTranche> = {}): SortimentTranche {
  return {
    id: 3,
    offerId: 9,
    buyPriceBtl: '300.00',
    quantityAvailable: 4,
    totalQuantityAvailable: 10,
    quantityOnInvoice: 10,
    datetimeCreated: '2026-10-01T08:00:00Z',
    mrn: null,
    proformaInvoiceNumberSourcing: null,
    invoiceNumberSourcing: 'EK-2026-17',
    paid: true,
    livexTrade: null,
    storageIds: null,
    storageLocation: null,
    offerer: { id: 2, company: 'Wein & Co' },
    ...changes,
  };
}

/** A client's depot position of 2 cases, not yet linked to a tranche. */
export function depotPosition(changes: Partial<SortimentDepotPosition> = {}): SortimentDepotPosition {
  return {
    id: 41,
    amount: 2,
    caskOf: 6,
    storageId: 'K-101, K-102',
    partialOfferId: null,
    ownerFirstName: 'Erika',
    ownerLastName: 'Mustermann',
    ownerEmail: 'erika@example.org',
    ownerIsStaff: false,
    ...changes,
  };
}
