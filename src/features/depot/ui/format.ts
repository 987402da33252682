export { formatDate, formatDate as formatDay } from '../../../domain/dates';
