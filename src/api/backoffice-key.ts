/** First element of every back-office query key (the `backoffice-*` features' queries): the query client gives them their own defaults. */
export const BACKOFFICE_QUERY_KEY = 'backoffice';
