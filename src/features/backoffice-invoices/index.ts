export { InvoiceCheckTab } from './ui/InvoiceCheckTab';
