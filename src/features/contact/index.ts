export { ContactModalProvider, useContactModal } from './ui/contact-modal';
