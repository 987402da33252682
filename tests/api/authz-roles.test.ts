/**
 * Every root field of the schema has its access in the policy, and the roles get exactly it: staff
 * operations refused to visitors (UNAUTHENTICATED) and clients (FORBIDDEN), client operations to
 * visitors, changing nothing, and each role's own operations answered without refusal or error.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../server/graphql/access';
import {
  authzJourney,
  type ClientB,
  everyField,
  policy,
  type Role,
  schema,
  topCodes,
} from './support/authz-matrix-journey';
import { databaseTargets, type TestPortal } from './support/harness';
import { callOf, requiredArguments, rootFields } from './support/schema-operations';

describe.each(databaseTargets)('Berechtigungsmatrix: Rollen (%s)', (target) => {
  const journey = authzJourney(target);
  const { call, expectUnchanged, leaksOfB, targetingB } = journey;
  let portal: TestPortal;
  let b: ClientB;
  beforeAll(() => {
    ({ portal, b } = journey);
  });

  it('names every root field of the schema in the access policy, and nothing else', () => {
    for (const kind of ['Query', 'Mutation'] as const) {
      expect(Object.keys(policy[kind]).sort()).toEqual(
        rootFields(schema, kind)
          .map((field) => field.name)
          .sort(),
      );
    }
  });

  it('refuses staff operations to visitors (UNAUTHENTICATED) and clients (FORBIDDEN), changing nothing', async () => {
    const staffFields = everyField.filter(({ kind, field }) => policy[kind][field.name] === 'staff');
    expect(staffFields.length).toBeGreaterThan(0);
    for (const { kind, field } of staffFields) {
      for (const [role, code] of [
        ['visitor', 'UNAUTHENTICATED'],
        ['clientA', 'FORBIDDEN'],
        ['clientB', 'FORBIDDEN'],
      ] as const) {
        const { query, variables } = callOf(kind, field, requiredArguments(field, targetingB));
        const answer = await expectUnchanged(
          () => call(role, query, variables),
          `${kind}.${field.name} als ${role}`,
        );
        expect(answer.status, `${kind}.${field.name} als ${role}`).toBeLessThan(500);
        expect(topCodes(answer), `${kind}.${field.name} als ${role}`).toContain(code);
        expect(JSON.stringify(answer.data ?? null), `${kind}.${field.name} als ${role}`).not.toContain(
          b.email,
        );
      }
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('refuses client operations to visitors (UNAUTHENTICATED), changing nothing', async () => {
    const clientFields = everyField.filter(({ kind, field }) => policy[kind][field.name] === 'client');
    expect(clientFields.length).toBeGreaterThan(0);
    for (const { kind, field } of clientFields) {
      const { query, variables } = callOf(kind, field, requiredArguments(field, targetingB));
      const answer = await expectUnchanged(() => call('visitor', query, variables), `${kind}.${field.name}`);
      expect(answer.status, `${kind}.${field.name}`).toBeLessThan(500);
      expect(topCodes(answer), `${kind}.${field.name}`).toContain('UNAUTHENTICATED');
      expect(leaksOfB(answer.data), `${kind}.${field.name}`).toEqual([]);
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);

  it('lets each role call its own operations without refusal by role or server error', async () => {
    const allowed: Record<Role, Access[]> = {
      visitor: ['public'],
      clientA: ['public', 'client'],
      clientB: ['public', 'client'],
      staff: ['public', 'client', 'staff'],
    };
    for (const role of ['visitor', 'clientA', 'clientB', 'staff'] as const) {
      for (const { kind, field } of everyField) {
        const access = policy[kind][field.name] as Access;
        if (!allowed[role].includes(access)) continue;
        const { query, variables } = callOf(kind, field, requiredArguments(field));
        const answer = await call(role, query, variables);
        const label = `${kind}.${field.name} als ${role}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(topCodes(answer), label).not.toContain('FORBIDDEN');
        if (access !== 'public') expect(topCodes(answer), label).not.toContain('UNAUTHENTICATED');
        // The logout ended the role's session: the operations after it are called with a fresh one.
        if (field.name === 'logout' && role !== 'visitor') await journey.signIn(role);
      }
    }
    expect(portal.unexpectedErrors).toEqual([]);
  }, 120_000);
});
