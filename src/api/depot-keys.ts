/**
 * Query keys of the depot: the depot feature reads under them, and what changes a depot (a sell
 * order, a paid order) refreshes them, so they are shared like the order keys (`order-keys.ts`).
 */
export const depotKeys = {
  all: ['depot'] as const,
  own: () => [...depotKeys.all, 'own'] as const,
  ofClient: (clientsMail: string) => [...depotKeys.all, 'client', clientsMail] as const,
};

/** Query keys of the depot's "Wertentwicklung" (own depot, or a client's for staff); the offline sync uses them. */
export const depotPerformanceKeys = {
  all: ['depot-performance'] as const,
  own: () => [...depotPerformanceKeys.all, 'own'] as const,
  ofClient: (clientsMail: string) => [...depotPerformanceKeys.all, 'client', clientsMail] as const,
};
