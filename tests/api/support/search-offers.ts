/** The top offers' search with every filter as a variable, asking `offerFields` of each offer. */
export function searchOffersQuery(offerFields: string): string {
  return `query Search(
  $search: String, $countryId: Int, $regionId: Int, $subregionId: Int, $wineryId: Int,
  $yearMin: Int, $yearMax: Int, $priceMin: Float, $priceMax: Float, $bottleSizeId: Int, $isPromoted: Boolean
) {
  searchOffers(search: $search, countryId: $countryId, regionId: $regionId, subregionId: $subregionId,
    wineryId: $wineryId, yearMin: $yearMin, yearMax: $yearMax, priceMin: $priceMin, priceMax: $priceMax,
    bottleSizeId: $bottleSizeId, isPromoted: $isPromoted) {
    available { ...O }
    onRequest { ...O }
  }
}
fragment O on Offer {
${offerFields}
}`;
}
