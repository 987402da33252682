import { describe, expect, it } from 'vitest';
import { apiDocumentErrors, apiDocumentJourneys } from '../api/support/documents';

// The API tests' documents against the server's schema, as codegen checks the PWA's: a schema
// change that breaks a journey's document fails here, naming the journey and the field.
describe('GraphQL-Dokumente der API-Tests', () => {
  it('has documents to check', () => {
    expect(apiDocumentJourneys().length).toBeGreaterThan(0);
  });

  it.each(apiDocumentJourneys())('%s.graphql is valid against the server schema', (journey) => {
    expect(apiDocumentErrors(journey)).toEqual([]);
  });
});
