// Its own module so that the dynamic import in NotificationsOnDemand splits off the container
// (importing the package's index directly would resolve to the entry chunk, which holds the store).
export { Notifications } from '@mantine/notifications';
