/** The tabs Lieferanten and Servicegebühr of the management screen. */
export { ServiceFeeTab } from './ui/ServiceFeeTab';
export { SuppliersTab } from './ui/SuppliersTab';
