/** Where the offer page links to: inside the logged-in area or on the public pages. */
export type OfferPageMode = 'admin' | 'public';

export function offerPath(mode: OfferPageMode, lwin11: string): string {
  return `${mode === 'admin' ? '/admin/angebot' : '/angebot'}/${encodeURIComponent(lwin11)}`;
}

export function wineryPath(mode: OfferPageMode, wineryId: number): string {
  return `${mode === 'admin' ? '/admin/chateaus' : '/chateaus'}/${wineryId}`;
}
