/** First element of every back-office query key (`src/queries/backoffice-*.ts`): the query client gives them their own defaults. */
export const BACKOFFICE_QUERY_KEY = 'backoffice';
