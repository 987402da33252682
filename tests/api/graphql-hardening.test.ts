/**
 * GraphQL hardening: operation limits that every operation of the PWA passes (so a new query that
 * breaks them fails here), introspection only where configured, German answers for protocol errors,
 * masked unexpected errors (no stack trace or SQL), refused NUL characters and the 1 MB body limit.
 */
import { sql } from 'drizzle-orm';
import type { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessages, operationLimits, QUERY_TOO_COMPLEX } from '../../server/graphql/operation-limits';
import { buildYoga } from '../../server/graphql/yoga';
import { buildApp } from '../../server/http';
import { isGermanMessage } from './support/german';
import { databaseTargets, startTestPortal, type TestPortal } from './support/harness';
import { pwaOperations } from './support/pwa-operations';

describe.each(databaseTargets)('GraphQL-Härtung (%s)', (target) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(target);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function post(payload: string, headers: Record<string, string> = {}) {
    const response = await portal.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
    const body = response.body ? JSON.parse(response.body) : {};
    return { status: response.statusCode, body, raw: response.body };
  }
  const query = (text: string, variables: Record<string, unknown> = {}) =>
    post(JSON.stringify({ query: text, variables }));

  it('parses and validates every operation of the PWA within the limits', () => {
    const yoga = buildYoga({ db: portal.db, config: portal.config, nudgeOutbox: () => {} });
    const { parse, validate, schema } = yoga.getEnveloped({});
    const operations = pwaOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const operation of operations) {
      const document = parse(operation.text);
      const errors = validate(schema, document).map((error: GraphQLError) => error.message);
      expect(errors, operation.name).toEqual([]);
    }
  });

  it('refuses a query nested deeper than the limit, with a German message and before any resolver runs', async () => {
    let nested = 'id';
    for (let level = 0; level < operationLimits.maxDepth; level++) {
      nested = level % 2 === 0 ? `vintages { wine { ${nested} } }` : `wines { ${nested} }`;
    }
    portal.queries.length = 0;
    const answer = await query(`{ allWineries { ${nested} } }`);
    expect(answer.body.errors).toContainEqual(
      expect.objectContaining({ message: limitMessages.depth, extensions: { code: QUERY_TOO_COMPLEX } }),
    );
    expect(answer.body.data).toBeUndefined();
    expect(portal.queries).toEqual([]);
  });

  it('refuses a wide query above the cost limit although it is within the depth and alias limits', async () => {
    const scalars = [
      'id year title titleUnidecoded searchTitle lwin11 image thumbnail videoUrl production alc',
      'salesHeadline description usp referenceYear referenceDuration referenceScore referenceKpi',
      'drinkingMaturityFrom drinkingMaturityTo currentStandardBottlePriceNet datetimeCreated',
    ].join(' ');
    const vintages = ['a', 'b', 'c'].map((alias) => `${alias}: vintages { ${scalars} }`).join(' ');
    const wines = ['d', 'e'].map((alias) => `${alias}: wines { ${vintages} }`).join(' ');
    // Eleven levels (limit: twelve), eight aliases (limit: ten), but 22 fields six times at the bottom.
    const answer = await query(
      `{ allOffers { vintage { wine { winery { wines { vintages { wine { winery { ${wines} } } } } } } } } }`,
    );
    const messages = (answer.body.errors ?? []).map((error: { message: string }) => error.message);
    // Its nested lists break the list fan-out limit as well.
    expect(new Set(messages)).toEqual(new Set([limitMessages.cost, limitMessages.listFanOut]));
    expect(messages).toHaveLength(2);
  });

  it('refuses a public query that cycles through the catalogue lists, although it passes depth and cost', async () => {
    const cycle =
      'wines { vintages { offerRel { vintage { wine { winery { wines { vintages { offerRel { id } } } } } } } } }';
    const viaFragment = `query { allWineries { ...Cycle } } fragment Cycle on Winery { ${cycle} }`;
    for (const text of [`{ allWineries { ${cycle} } }`, viaFragment]) {
      portal.queries.length = 0;
      const answer = await query(text);
      // The only limit it breaks is the list fan-out: depth 11, graphql-armor's cost below 5,000.
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          message: limitMessages.listFanOut,
          extensions: { code: QUERY_TOO_COMPLEX },
        }),
      ]);
      expect(isGermanMessage(answer.body.errors[0].message)).toBe(true);
      expect(answer.body.data).toBeUndefined();
      expect(portal.queries).toEqual([]);
    }
    // Without a cycle, four nested lists are answered, five are refused.
    const four = await query('{ allWineries { id wines { id vintages { id offerRel { id } } } } }');
    expect(four.body.errors).toBeUndefined();
    expect(four.body.data).toEqual({ allWineries: [] }); // answered (this portal has no demo data)
    const five = await query(
      '{ allWineries { wines { vintages { offerRel { partialOfferRel { id } } } } } }',
    );
    expect(five.body.errors).toEqual([expect.objectContaining({ message: limitMessages.listFanOut })]);
  });

  it('refuses more aliases than allowed (no batching of sign-in attempts into one request)', async () => {
    const attempts = Array.from(
      { length: operationLimits.maxAliases + 1 },
      (_, index) => `a${index}: tokenAuth(email: "kunde@example.com", password: "falsch${index}") { token }`,
    ).join(' ');
    portal.queries.length = 0;
    const answer = await query(`mutation { ${attempts} }`);
    expect(answer.body.errors[0]).toMatchObject({ message: limitMessages.aliases });
    expect(portal.queries).toEqual([]);
  });

  it('refuses documents with more tokens or directives than allowed', async () => {
    const long = await query(`{ me { ${'id '.repeat(operationLimits.maxTokens)} } }`);
    expect(long.body.errors[0]).toMatchObject({ message: limitMessages.tokens });
    const directives = Array.from(
      { length: operationLimits.maxDirectives + 1 },
      () => '@include(if: true)',
    ).join(' ');
    const many = await query(`{ me ${directives} { id } }`);
    expect(many.body.errors[0]).toMatchObject({ message: limitMessages.directives });
  });

  it('answers introspection only where it is switched on', async () => {
    expect(portal.config.graphqlIntrospection).toBe(false);
    const off = await query('{ __schema { queryType { name } } }');
    expect(off.body.errors[0]).toMatchObject({
      message: limitMessages.introspection,
      extensions: { code: 'INTROSPECTION_DISABLED' },
    });
    expect(off.raw).not.toContain('Query');
    const typename = await query('{ __typename }');
    expect(typename.body.data).toEqual({ __typename: 'Query' });

    const app = await buildApp({ db: portal.db, config: { ...portal.config, graphqlIntrospection: true } });
    try {
      const on = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
      expect(on.json().data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await app.close();
    }
  });

  it('answers protocol errors in German without suggesting field names', async () => {
    const cases = [
      await query('{ meh }'),
      await query('{ me { emial } }'),
      await query('{ me { id }'),
      await query('query ($id: Int!) { vintageDetails(vintageId: $id) { id } }', { id: 'abc' }),
      await query('query ($id: Int!) { vintageDetails(vintageId: $id) { id } }', { id: 3_000_000_000 }),
      await query('query ($id: Int!) { vintageDetails(vintageId: $id) { id } }'),
      await query('{ vintageDetails { id } }'),
      // The printed value contains `; ` itself (found by the fuzz test): the reason is still translated.
      await query('query ($slug: String!) { page(slug: $slug) { title } }', { slug: { 'a; b': 1 } }),
      await query(
        'query ($d: Decimal!) { getPortfolioSalesCalculation(uid: "x", expAnnualProfit: $d) { initial } }',
        {
          d: '1',
        },
      ),
      await post(JSON.stringify({ query: 'mutation { register { success } }' })),
      await post('{"query": '),
      await post(JSON.stringify({ variables: {} })),
      await post(JSON.stringify({ query: '{ me { id } }', variables: 'x' })),
    ];
    for (const answer of cases) {
      expect(answer.status, answer.raw).toBeLessThan(500);
      expect(answer.body.errors?.length, answer.raw).toBeGreaterThan(0);
      for (const error of answer.body.errors) {
        expect(isGermanMessage(error.message), error.message).toBe(true);
        expect(error.message).not.toMatch(/Did you mean/);
      }
    }
  });

  it('names the reason of a refused variable even when its printed value contains a semicolon', async () => {
    const answer = await query('query ($slug: String!) { page(slug: $slug) { title } }', {
      slug: { 'a; b': 1, c: 'd; e' },
    });
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: 'Ungültige Anfrage: Der Parameter $slug hat einen ungültigen Wert: Erwartet wird ein Text.',
      }),
    ]);
  });

  it('refuses NUL characters (which Postgres cannot store) before any resolver runs', async () => {
    portal.queries.length = 0;
    const answer = await query('query ($slug: String!) { page(slug: $slug) { title } }', {
      slug: 'a\u0000b',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toBe(
      'Ungültige Anfrage: Texte dürfen keine Nullzeichen (\\u0000) enthalten.',
    );
    expect(portal.queries).toEqual([]);
  });

  it('accepts a body up to 1 MB and refuses a larger one with 413 and a German message', async () => {
    const nearLimit = await post(
      JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(1_000_000) } }),
    );
    expect(nearLimit.status).toBe(200);
    expect(nearLimit.body.data).toEqual({ me: null });
    const tooLarge = await post(
      JSON.stringify({ query: '{ me { id } }', variables: { pad: 'x'.repeat(1_048_577) } }),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0]).toEqual({
      message: 'Ungültige Anfrage: Die Anfrage ist zu groß (höchstens 1 MB).',
      extensions: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('masks database failures: a German message, no SQL or stack trace, and the error is logged', async () => {
    // A broken table stands for any unexpected failure inside a resolver or a route.
    const reported: unknown[] = [];
    const app = await buildApp({
      db: portal.db,
      config: portal.config,
      reportError: (error) => reported.push(error),
    });
    await portal.db.execute(sql`alter table blog_posts rename to blog_posts_weg`);
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ allPostPages { title } }' }),
      });
      const answer = { body: response.json(), raw: response.body };
      expect(answer.body.errors[0]).toMatchObject({
        message: 'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(answer.raw).not.toMatch(/blog_posts|select|relation|stack|at \S+:\d+/i);
      expect(reported.length).toBeGreaterThan(0);
    } finally {
      await portal.db.execute(sql`alter table blog_posts_weg rename to blog_posts`);
      await app.close();
    }
  });

  it('masks failures of the HTTP routes outside GraphQL the same way', async () => {
    const reported: unknown[] = [];
    const app = await buildApp({
      db: portal.db,
      config: portal.config,
      reportError: (error) => reported.push(error),
    });
    await portal.db.execute(sql`alter table invoices rename to invoices_weg`);
    try {
      const answer = await app.inject({ method: 'GET', url: `/certificate/${'a'.repeat(43)}` });
      expect(answer.statusCode).toBe(500);
      expect(answer.body).toBe(
        'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
      );
      expect(reported.length).toBeGreaterThan(0);
    } finally {
      await portal.db.execute(sql`alter table invoices_weg rename to invoices`);
      await app.close();
    }
  });
});
