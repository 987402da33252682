/** Bottle sizes, negociants, offers and their purchase tranches. */
import { bottleSizes, offerers, offers, partialOffers } from '../../db/schema';
import { bottleSizeSeeds, type OfferSeed, offererSeeds, offerSeeds } from '../data/offers';
import { lookup, trancheKey } from '../derive/catalogue';
import { formatCaseNumbers, type StoragePlan, storagePlan } from '../derive/storage';
import { daysBefore } from '../deterministic';
import { indexRows, type SeedContext } from './context';

const STORAGE_LOCATION = 'Zollfreilager Genf';

async function insertLookups({ tx, ids }: SeedContext): Promise<void> {
  const sizeRows = await tx
    .insert(bottleSizes)
    .values(bottleSizeSeeds.map((size) => ({ title: size.title, factorForLiterPrices: size.factor })))
    .returning({ id: bottleSizes.id, title: bottleSizes.title });
  indexRows(ids.bottleSizes, sizeRows, (row) => row.title);

  for (const [key, offerer] of Object.entries(offererSeeds)) {
    const [row] = await tx.insert(offerers).values(offerer).returning({ id: offerers.id });
    if (row) ids.offerers.set(key, row.id);
  }
}

async function insertOffer(context: SeedContext, offer: OfferSeed, storage: StoragePlan): Promise<void> {
  const { tx, now, ids } = context;
  const [row] = await tx
    .insert(offers)
    .values({
      vintageId: lookup(ids.vintages, offer.vintage, 'Jahrgang'),
      bottleSizeId: lookup(ids.bottleSizes, offer.bottleSize, 'Flaschengröße'),
      caskOf: offer.caskOf,
      sellPriceBtl: offer.sellPriceBtl,
      archived: offer.archived ?? false,
      promoteOffer: offer.promote ?? false,
      onRequest: offer.onRequest ?? false,
      totalQuantityAvailable: offer.tranches.reduce((sum, tranche) => sum + tranche.total, 0),
      datetimeCreated: daysBefore(now, offer.createdDaysAgo),
    })
    .returning({ id: offers.id });
  if (!row) throw new Error(`Angebot ${offer.key} wurde nicht angelegt.`);
  ids.offers.set(offer.key, row.id);

  for (const [index, tranche] of offer.tranches.entries()) {
    const key = trancheKey(offer.key, index);
    const cases = storage.trancheCases.get(key);
    const createdDaysAgo = tranche.createdDaysAgo ?? offer.createdDaysAgo;
    const [trancheRow] = await tx
      .insert(partialOffers)
      .values({
        offerId: row.id,
        offererId: lookup(ids.offerers, tranche.offerer, 'Négociant'),
        buyPriceBtl: tranche.buyPriceBtl,
        quantityAvailable: tranche.available,
        totalQuantityAvailable: tranche.total,
        quantityOnInvoice: storage.onInvoice.get(key) ?? 0,
        datetimeCreated: daysBefore(now, createdDaysAgo),
        datetimeProforma: tranche.proforma ? daysBefore(now, Math.max(0, createdDaysAgo - 3)) : null,
        mrn: tranche.mrn ?? null,
        proformaInvoiceNumberSourcing: tranche.proforma ?? null,
        invoiceNumberSourcing: tranche.invoiceNumber ?? null,
        paid: tranche.paid ?? false,
        livexTrade: tranche.livexTrade ?? null,
        storageIds: cases ? formatCaseNumbers(cases) : null,
        storageLocation: tranche.mrn ? STORAGE_LOCATION : null,
      })
      .returning({ id: partialOffers.id });
    if (!trancheRow) throw new Error(`Tranche ${key} wurde nicht angelegt.`);
    ids.tranches.set(key, trancheRow.id);
  }
}

export async function insertOffers(context: SeedContext): Promise<void> {
  await insertLookups(context);
  const storage = storagePlan();
  for (const offer of offerSeeds) await insertOffer(context, offer, storage);
}
