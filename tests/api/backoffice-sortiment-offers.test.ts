/**
 * Offers edited by staff: inline changes of an offer and its tranche with validation and audit rows,
 * clients told when a sold-out wine is on sale again, and a new offer with its first tranche.
 */
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { offers, partialOffers, vintages } from '../../server/db/schema';
import { offerAvailability } from '../../server/services/tranches';
import { backofficeMessages } from '../../src/domain/backoffice-validation';
import {
  type ChangeAnswer,
  type CreateAnswer,
  errorsOf,
  sortimentJourney,
  sortimentOperation,
} from './support/backoffice-sortiment-journey';
import { databaseTargets, type TestPortal } from './support/harness';

const OFFERS = sortimentOperation('BackofficeOffers');
const CHANGE = sortimentOperation('ChangeOfferAndTranche');
const CREATE_OFFER = sortimentOperation('CreateOfferAndTranche');
const REQUEST_SOLD_OUT_NOTIFICATION = sortimentOperation('RequestSoldOutNotification');

describe.each(databaseTargets)('Back office: Sortiment (Neu), Angebote (%s)', (target) => {
  const journey = sortimentJourney(target);
  const { asStaff, snapshot, auditRows } = journey;
  let portal: TestPortal;
  let clientToken: string;
  let linked: { offerId: number; vintageId: number; positionId: number; tranches: number[] };
  let ids: { vintageId: number; bottleSizeId: number; offererId: number };
  beforeAll(() => {
    ({ portal, clientToken, linked, ids } = journey);
  });

  it('changes an offer and its tranche inline with the back office validation and audit rows', async () => {
    const trancheId = linked.tranches[1] as number;
    const invalid = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      sellPriceBtl: '700',
      buyPriceBtl: 'viel',
      quantityAvailable: '1.5',
      totalQuantityAvailable: 'x',
    });
    expect(errorsOf(invalid.data?.changeOfferAndPartialOffer)).toEqual([
      ['buyPriceBtl', backofficeMessages.priceNumeric],
      ['sellPriceBtl', backofficeMessages.priceFormat],
      ['quantityAvailable', backofficeMessages.amountWhole],
      ['totalQuantityAvailable', backofficeMessages.amountNumeric],
    ]);
    const before = await snapshot();

    const noTarget = await asStaff<ChangeAnswer>(CHANGE, { sellPriceBtl: '10.00' });
    expect(errorsOf(noTarget.data?.changeOfferAndPartialOffer)).toEqual([
      ['partialOfferId', 'Bitte wählen Sie ein Angebot oder eine Einkaufstranche.'],
    ]);
    const trancheFieldsWithoutTranche = await asStaff<ChangeAnswer>(CHANGE, {
      offerId: linked.offerId,
      buyPriceBtl: '10.00',
    });
    expect(errorsOf(trancheFieldsWithoutTranche.data?.changeOfferAndPartialOffer)).toEqual([
      ['partialOfferId', 'Einkaufspreis und Mengen gehören zu einer Einkaufstranche: Bitte wählen Sie eine.'],
    ]);
    const nothing = await asStaff<ChangeAnswer>(CHANGE, { partialOfferId: trancheId });
    expect(errorsOf(nothing.data?.changeOfferAndPartialOffer)).toEqual([
      [null, 'Es wurde keine Änderung angegeben.'],
    ]);
    const unknown = await asStaff<ChangeAnswer>(CHANGE, { partialOfferId: 999_999, sellPriceBtl: '10.00' });
    expect(errorsOf(unknown.data?.changeOfferAndPartialOffer)).toEqual([
      ['partialOfferId', 'Die Einkaufstranche wurde nicht gefunden.'],
    ]);
    const [otherOffer] = await portal.db.select().from(offers).where(ne(offers.id, linked.offerId)).limit(1);
    const mismatch = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      offerId: otherOffer?.id,
      sellPriceBtl: '10.00',
    });
    expect(errorsOf(mismatch.data?.changeOfferAndPartialOffer)).toEqual([
      ['offerId', 'Die Einkaufstranche gehört nicht zu diesem Angebot.'],
    ]);
    const aboveTotal = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      sellPriceBtl: '10.00',
      quantityAvailable: '99',
    });
    expect(errorsOf(aboveTotal.data?.changeOfferAndPartialOffer)).toEqual([
      ['quantityAvailable', 'Die verfügbaren Kisten dürfen die Gesamtmenge nicht übersteigen.'],
    ]);
    expect(await snapshot()).toEqual(before);

    const changed = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: trancheId,
      buyPriceBtl: '640.00',
      sellPriceBtl: '766.90',
      quantityAvailable: '3',
      totalQuantityAvailable: '5',
      promoteOffer: false,
    });
    expect(changed.data?.changeOfferAndPartialOffer).toMatchObject({
      success: true,
      errors: [],
      offer: { id: linked.offerId, sellPriceBtl: '766.90', promoteOffer: false, archived: false },
      partialOffer: { id: trancheId, buyPriceBtl: '640.00', quantityAvailable: 3, totalQuantityAvailable: 5 },
    });
    const tranches = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, linked.offerId));
    expect(changed.data?.changeOfferAndPartialOffer.offer?.totalQuantityAvailable).toBe(
      tranches.reduce((sum, row) => sum + row.totalQuantityAvailable, 0),
    );
    const offerAudit = await auditRows('offer', linked.offerId);
    expect(offerAudit.at(-1)).toMatchObject({ action: 'update', after: { sellPriceBtl: '766.90' } });
    expect(offerAudit.at(-1)?.before).toHaveProperty('sellPriceBtl');
    const trancheAudit = await auditRows('partial_offer', trancheId);
    expect(trancheAudit.at(-1)).toMatchObject({
      action: 'update',
      after: { buyPriceBtl: '640.00', quantityAvailable: 3, totalQuantityAvailable: 5 },
    });

    const archived = await asStaff<ChangeAnswer>(CHANGE, { offerId: linked.offerId, archived: true });
    expect(archived.data?.changeOfferAndPartialOffer).toMatchObject({
      success: true,
      offer: { archived: true },
      partialOffer: null,
    });
    const [row] = await portal.db.select().from(offers).where(eq(offers.id, linked.offerId));
    expect(row?.archived).toBe(true);
    expect((await auditRows('offer', linked.offerId)).at(-1)).toMatchObject({
      before: { archived: false },
      after: { archived: true },
    });
    await asStaff<ChangeAnswer>(CHANGE, { offerId: linked.offerId, archived: false });
  });

  it('informs clients waiting for a sold-out wine when the inline edit puts cases on sale again', async () => {
    const candidates = await portal.db.select().from(offers).where(eq(offers.archived, false));
    let soldOut: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if ((await offerAvailability(portal.db, candidate.id)) === 0) {
        const tranches = await portal.db
          .select()
          .from(partialOffers)
          .where(eq(partialOffers.offerId, candidate.id));
        if (tranches.some((tranche) => tranche.totalQuantityAvailable > 0)) {
          soldOut = candidate;
          break;
        }
      }
    }
    if (!soldOut) throw new Error('Kein ausverkauftes Angebot in den Demodaten');
    const [tranche] = await portal.db
      .select()
      .from(partialOffers)
      .where(eq(partialOffers.offerId, soldOut.id));
    const [vintage] = await portal.db.select().from(vintages).where(eq(vintages.id, soldOut.vintageId));
    const requested = await portal.gql<{ requestSoldOutNotification: { success: boolean } }>(
      REQUEST_SOLD_OUT_NOTIFICATION,
      { id: soldOut.vintageId },
      { token: clientToken },
    );
    expect(requested.data?.requestSoldOutNotification.success).toBe(true);

    const changed = await asStaff<ChangeAnswer>(CHANGE, {
      partialOfferId: tranche?.id,
      quantityAvailable: '1',
    });
    expect(changed.data?.changeOfferAndPartialOffer.success).toBe(true);
    await portal.deliverOutbox();
    const mails = (await portal.mailsTo('kunde@example.com')).filter(
      (mail) => mail.subject === `${vintage?.title} ${vintage?.year} ist wieder verfügbar`,
    );
    expect(mails).toHaveLength(1);
  });

  it('creates a new offer with its first tranche, validated, with audit rows for both', async () => {
    const empty = await asStaff<CreateAnswer>(CREATE_OFFER, {});
    expect(errorsOf(empty.data?.createOfferAndPartialOffer)).toEqual([
      ['vintageId', 'Bitte wählen Sie einen Jahrgang.'],
      ['bottleSizeId', 'Bitte wählen Sie eine Flaschengröße.'],
      ['offererId', 'Bitte wählen Sie einen Lieferanten.'],
      ['buyPriceBtl', backofficeMessages.priceNumeric],
      ['sellPriceBtl', backofficeMessages.priceNumeric],
      ['caskOf', backofficeMessages.amountNumeric],
      ['quantityAvailable', backofficeMessages.amountNumeric],
    ]);
    const before = await snapshot();
    const zeroBottles = await asStaff<CreateAnswer>(CREATE_OFFER, {
      ...ids,
      buyPriceBtl: '10.00',
      sellPriceBtl: '12.00',
      caskOf: '0',
      quantityAvailable: '1',
    });
    expect(errorsOf(zeroBottles.data?.createOfferAndPartialOffer)).toEqual([
      ['caskOf', 'Eine Kiste muss mindestens eine Flasche enthalten.'],
    ]);
    for (const [field, message] of [
      ['vintageId', 'Der Jahrgang wurde nicht gefunden.'],
      ['bottleSizeId', 'Die Flaschengröße wurde nicht gefunden.'],
      ['offererId', 'Der Lieferant wurde nicht gefunden.'],
    ] as const) {
      const answer = await asStaff<CreateAnswer>(CREATE_OFFER, {
        ...ids,
        [field]: 999_999,
        buyPriceBtl: '10.00',
        sellPriceBtl: '12.00',
        caskOf: '6',
        quantityAvailable: '1',
      });
      expect(errorsOf(answer.data?.createOfferAndPartialOffer)).toEqual([[field, message]]);
    }
    expect(await snapshot()).toEqual(before);

    const created = await asStaff<CreateAnswer>(CREATE_OFFER, {
      ...ids,
      buyPriceBtl: '1150.00',
      sellPriceBtl: '1390.00',
      caskOf: '3',
      quantityAvailable: '4',
    });
    const result = created.data?.createOfferAndPartialOffer;
    expect(result).toMatchObject({
      success: true,
      errors: [],
      offer: {
        caskOf: 3,
        sellPriceBtl: '1390.00',
        totalQuantityAvailable: 4,
        availableCases: 4,
        archived: false,
        vintage: { id: ids.vintageId },
        bottleSize: { id: ids.bottleSizeId },
      },
      partialOffer: {
        buyPriceBtl: '1150.00',
        quantityAvailable: 4,
        totalQuantityAvailable: 4,
        offerer: { id: ids.offererId },
      },
    });
    expect(result?.partialOffer?.offerId).toBe(result?.offer?.id);
    expect(
      (await auditRows('offer', result?.offer?.id ?? 0)).map((entry) => [entry.action, entry.after]),
    ).toEqual([['create', expect.objectContaining({ sellPriceBtl: '1390.00', caskOf: 3 })]]);
    expect(
      (await auditRows('partial_offer', result?.partialOffer?.id ?? 0)).map((entry) => entry.action),
    ).toEqual(['create']);
    const listed = await asStaff<{ backofficeOffers: { id: number }[] }>(OFFERS, { variant: 'ACTIVE' });
    expect(listed.data?.backofficeOffers[0]?.id).toBe(result?.offer?.id);
  });
});
