/** The tab Bestellungen und Rechnungen of the management screen. */
export { InvoiceCheckTab } from './ui/InvoiceCheckTab';
