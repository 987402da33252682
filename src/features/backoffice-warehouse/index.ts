/** The Bestandsabgleich tab: the warehouse's signed stock reports reconciled with the ledger. */
export { WarehouseTab } from './ui/WarehouseTab';
