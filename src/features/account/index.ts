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
