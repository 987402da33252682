/**
 * The offer page's provenance text, from the wine's own region: only a Bordeaux comes through the
 * Place de Bordeaux's négociants, a Champagne comes from its house, a Burgundy from its domaine.
 */
export function provenanceSource(wineryTitle: string, regionTitle: string): string {
  const region = regionTitle.trim();
  if (/^bordeaux$/i.test(region)) {
    return `direkt von ${wineryTitle} oder über einen etablierten Négociant der Place de Bordeaux`;
  }
  if (/^champagne$/i.test(region)) return `direkt vom Champagnerhaus ${wineryTitle}`;
  if (/^(burgund|bourgogne)$/i.test(region)) {
    return `direkt von der Domaine ${wineryTitle.replace(/^Domaine\s+/i, '')} oder einem etablierten Négociant aus dem Burgund`;
  }
  return `direkt vom Weingut ${wineryTitle} (${region})`;
}

/** "Perfekte Provenienz: Jede Kiste kommt direkt vom … und wird lückenlos dokumentiert …". */
export function provenanceText(wineryTitle: string, regionTitle: string): string {
  return `Perfekte Provenienz: Jede Kiste kommt ${provenanceSource(wineryTitle, regionTitle)} und wird lückenlos dokumentiert – vom Kauf bis in Ihr persönliches Depot. Die Originalholzkiste bleibt ungeöffnet, so bleibt der Wiederverkaufswert gesichert.`;
}
