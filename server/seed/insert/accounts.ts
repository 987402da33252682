/** Demo users, their investor profiles and adviser offers, and the order list. */
import { orderPositions, preferencesProfiles, recommendedPositions, users } from '../../db/schema';
import { composeForProfile } from '../../services/advice';
import { accountSeeds } from '../data/accounts';
import { profileSeeds, type RecommendationSeed } from '../data/advice';
import { orderPositionSeeds } from '../data/depot';
import { lookup, offerByKey } from '../derive/catalogue';
import { daysBefore, deterministicUuid, fromCents, toCents } from '../deterministic';
import type { SeedContext } from './context';

export async function insertUsers({ tx, now, ids }: SeedContext, passwordHash: string): Promise<void> {
  for (const account of accountSeeds) {
    const [row] = await tx
      .insert(users)
      .values({
        email: account.email,
        passwordHash,
        salutation: account.salutation,
        title: account.title,
        firstName: account.firstName,
        lastName: account.lastName,
        company: account.company,
        vatId: account.vatId ?? null,
        phone: account.phone,
        streetAndNumber: account.streetAndNumber,
        postalCode: account.postalCode,
        city: account.city,
        country: account.country,
        newsletter: account.newsletter,
        isActive: true,
        isStaff: account.isStaff,
        isSuperuser: account.isSuperuser,
        blockedByOrderCheck: account.blockedByOrderCheck,
        dateJoined: daysBefore(now, account.joinedDaysAgo),
        lastLogin: account.lastLoginDaysAgo === null ? null : daysBefore(now, account.lastLoginDaysAgo),
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`Nutzer ${account.email} wurde nicht angelegt.`);
    ids.users.set(account.key, row.id);
  }
}

/** Adviser positions of a MANUALLY seed, at the adviser's prices. */
function adviserPositions(positions: readonly RecommendationSeed[], ids: SeedContext['ids']) {
  return positions.map((position) => {
    const offer = offerByKey(position.offer);
    return {
      offerId: lookup(ids.offers, position.offer, 'Angebot'),
      amount: position.amount,
      caskOf: offer.caskOf,
      sellPriceBtl: position.sellPriceBtl ?? offer.sellPriceBtl,
      ekpBtl: position.withEkp ? (offer.tranches[0]?.buyPriceBtl ?? null) : null,
    };
  });
}

/** Needs the offers and their tranches: a WIZARD profile's portfolio is composed from them. */
export async function insertProfiles({ tx, now, ids }: SeedContext): Promise<void> {
  for (const [index, profile] of profileSeeds.entries()) {
    const account = accountSeeds.find((candidate) => candidate.key === profile.client);
    if (!account) throw new Error(`Demodaten: Kunde ${profile.client} fehlt.`);
    const positions = profile.source === 'MANUALLY' ? adviserPositions(profile.positions, ids) : [];
    const picked = positions.reduce(
      (sum, position) => sum + position.amount * position.caskOf * toCents(position.sellPriceBtl),
      0,
    );
    const manual = profile.source === 'MANUALLY';
    const [row] = await tx
      .insert(preferencesProfiles)
      .values({
        uid: deterministicUuid(`profile:${index}:${profile.client}:${profile.source}`),
        userId: lookup(ids.users, profile.client, 'Kunde'),
        email: account.email,
        name: profile.name,
        datetime: daysBefore(now, profile.daysAgo),
        source: profile.source,
        wineloverVsInvestor: profile.wineloverVsInvestor,
        investmentHorizon: profile.investmentHorizon,
        takesRisk: profile.takesRisk,
        investmentSumIntended: profile.investmentSumIntended,
        checkedAgbAndDsgvo: true,
        archived: profile.archived,
        ...profile.experience,
        investmentSumPicked: manual ? fromCents(picked) : null,
        createdById: manual ? lookup(ids.users, 'berater', 'Berater') : null,
      })
      .returning();
    if (!row) throw new Error('Anlegerprofil wurde nicht angelegt.');
    if (manual) {
      await tx
        .insert(recommendedPositions)
        .values(positions.map((position) => ({ profileId: row.id, ...position })));
    } else {
      await composeForProfile(tx, row);
    }
  }
}

export async function insertOrderPositions({ tx, now, ids }: SeedContext): Promise<void> {
  await tx.insert(orderPositions).values(
    orderPositionSeeds.map((position) => ({
      userId: lookup(ids.users, position.client, 'Kunde'),
      offerId: lookup(ids.offers, position.offer, 'Angebot'),
      amount: position.amount,
      datetimeAdded: daysBefore(now, position.daysAgo),
    })),
  );
}
