export { ServiceFeeTab } from './ui/ServiceFeeTab';
export { SuppliersTab } from './ui/SuppliersTab';
