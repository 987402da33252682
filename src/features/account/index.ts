/** The account as other features use it: the signed-in client's data and requests (contact, sold-out alerts, an e-mail change), the settings dialog, the push opt-in and the referral dialog. */
export {
  accountKeys,
  accountMeQueryOptions,
  useAccountMe,
  useConfirmEmailChange,
  useRequestSoldOutNotification,
  useSendContactRequest,
} from './api/account';
export { useAccountSettings } from './ui/account-settings';
export { PushOptIn } from './ui/PushOptIn';
export { useReferralModal } from './ui/referral-modal';
