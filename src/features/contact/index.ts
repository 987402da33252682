/** The contact dialog: its provider (mounted by the admin frame) and the hook that opens it. */
export { ContactModalProvider, useContactModal } from './ui/contact-modal';
