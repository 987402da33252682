/**
 * Client A gets none of client B's data: not through any query a client may call aimed at B's ids,
 * not through the PWA's own queries, a proposal only by its uid and without B's contact data, and no
 * mutation aimed at B's ids changes anything (B's own answers show the check would see a leak).
 */
import { type GraphQLInputType, Kind, typeFromAST } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authzJourney,
  authzOperation,
  type ClientB,
  fieldsOf,
  policy,
  schema,
} from './support/authz-matrix-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { pwaOperations } from './support/pwa-operations';
import { minimalValue, requiredArguments, rootFields } from './support/schema-operations';

const GET_LATEST_PREFERENCES_PROFILE = authzOperation('GetLatestPreferencesProfile');
const GET_LATEST_PREFERENCES_PROFILE2 = authzOperation('GetLatestPreferencesProfile2');
const GET_LATEST_PREFERENCES_PROFILE3 = authzOperation('GetLatestPreferencesProfile3');

describe.each(databaseTargets)('Berechtigungsmatrix: Daten anderer Kunden (%s)', (target) => {
  const journey = authzJourney(target);
  const { call, clientBFingerprint, leaksOfB, callWithDeepestSelection, targetingB } = journey;
  let portal: TestPortal;
  let b: ClientB;
  beforeAll(() => {
    ({ portal, b } = journey);
  });

  it('finds B’s data in B’s own answers (the leak check below would see a leak)', async () => {
    for (const name of [
      'me',
      'clientsDepot',
      'clientsInvoices',
      'orderPositionList',
      'getInvoiceById',
      'mySellOrders',
    ]) {
      const field = rootFields(schema, 'Query').find((candidate) => candidate.name === name);
      if (!field) throw new Error(`Query.${name} fehlt im Schema`);
      const answer = await callWithDeepestSelection(
        'clientB',
        'Query',
        field,
        requiredArguments(field, targetingB),
      );
      expect(leaksOfB(answer).length, `Query.${name}`).toBeGreaterThan(0);
    }
  }, 120_000);

  it('gives client A none of client B’s data for any query a client may call, aimed at B’s ids', async () => {
    const readable = fieldsOf('Query').filter((field) => policy.Query[field.name] !== 'staff');
    for (const field of readable) {
      // Proposal pages are public by uid (spec 6): B's uid is a capability A never learns (checked below).
      const aimsAtProposal = field.args.some((arg) => arg.name === 'uid');
      const args = requiredArguments(field, aimsAtProposal ? undefined : targetingB);
      for (const arg of field.args) {
        if (!(arg.name in args) && !aimsAtProposal) {
          const aimed = targetingB(arg.name, arg.type);
          if (aimed !== undefined) args[arg.name] = aimed;
        }
      }
      const answer = await callWithDeepestSelection('clientA', 'Query', field, args);
      expect(answer.status, `Query.${field.name}`).toBeLessThan(500);
      expect(leaksOfB(answer), `Query.${field.name}`).toEqual([]);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('gives client A none of client B’s data through the PWA’s own queries, with B’s ids as variables', async () => {
    const operations = pwaOperations().filter((operation) => operation.kind === 'query');
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const variables: Record<string, unknown> = {};
      for (const definition of operation.node.variableDefinitions ?? []) {
        const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
        if (!type) continue;
        const name = definition.variable.name.value;
        const aimed = name === 'uid' ? undefined : targetingB(name, type);
        if (aimed !== undefined || definition.type.kind === Kind.NON_NULL_TYPE) {
          variables[name] = aimed ?? minimalValue(type, undefined, name);
        }
      }
      const answer = await call('clientA', operation.text, variables);
      expect(answer.status, operation.name).toBeLessThan(500);
      expect(leaksOfB(answer), operation.name).toEqual([]);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('shows a proposal by its uid without B’s contact data, and never B’s profile without the uid', async () => {
    const proposal = await call('clientA', GET_LATEST_PREFERENCES_PROFILE, { uid: b.manualUid });
    // Whoever holds the link sees the offer addressed to B (spec 6), but no address, e-mail or phone.
    expect(proposal.data?.getLatestPreferencesProfile).toMatchObject({ uid: b.manualUid });
    expect(JSON.stringify(proposal)).not.toContain(b.email);
    for (const source of ['WIZARD', 'MANUALLY']) {
      const own = await call('clientA', GET_LATEST_PREFERENCES_PROFILE2, { source });
      expect(leaksOfB(own), source).toEqual([]);
    }
    const visitor = await call('visitor', GET_LATEST_PREFERENCES_PROFILE3, {});
    expect(visitor.data?.getLatestPreferencesProfile).toBeNull();
  });

  it('lets client A change none of client B’s data through any client or public mutation aimed at B’s ids', async () => {
    const before = await clientBFingerprint();
    for (const field of fieldsOf('Mutation')) {
      const access = policy.Mutation[field.name];
      if (access === 'staff') continue;
      // Public mutations take B's uid by design (accepting terms on a shared proposal): they get neutral values.
      const args = requiredArguments(field, access === 'client' ? targetingB : undefined);
      const answer = await callWithDeepestSelection('clientA', 'Mutation', field, args);
      expect(answer.status, `Mutation.${field.name}`).toBeLessThan(500);
      expect(leaksOfB(answer), `Mutation.${field.name}`).toEqual([]);
      expect(await clientBFingerprint(), `Mutation.${field.name}`).toBe(before);
      // A's logout ended A's own session; the mutations after it are tried with a fresh one.
      if (field.name === 'logout') await journey.signIn('clientA');
    }
    // B's session, aimed at by `endSession` and `endOtherSessions`, still answers B.
    const own = await call('clientB', '{ me { email } }', {});
    expect(own.data?.me).toEqual({ email: b.email });
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);
});
