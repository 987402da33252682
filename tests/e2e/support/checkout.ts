import { type APIRequestContext, expect } from '@playwright/test';
import { demoAccounts, demoPassword } from './accounts';

const LOGIN =
  'mutation ($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }';

/**
 * The adviser marks the client's bound order as checked through the API (as the back office
 * does) and answers the invoice number it got.
 */
export async function staffChecksOrder(request: APIRequestContext, clientEmail: string): Promise<string> {
  const login = await request.post('/graphql', {
    data: { query: LOGIN, variables: { email: demoAccounts.superuser, password: demoPassword } },
  });
  const token = (await login.json()).data.tokenAuth.token as string;
  const headers = { authorization: `JWT ${token}` };
  const listed = await request.post('/graphql', {
    headers,
    data: { query: 'query { clientsInvoices(stage: "check_needed") { id user { email } } }' },
  });
  const invoices = (await listed.json()).data.clientsInvoices as { id: number; user: { email: string } }[];
  const invoice = invoices.find((candidate) => candidate.user.email === clientEmail);
  expect(invoice, 'the bound order waits for the check').toBeDefined();
  const checked = await request.post('/graphql', {
    headers,
    data: {
      query:
        'mutation ($id: Int!) { changeInvoice(invoiceId: $id, stage: CHECK_DONE) { success invoice { invoiceNumber } } }',
      variables: { id: invoice?.id },
    },
  });
  const answer = (await checked.json()).data.changeInvoice as {
    success: boolean;
    invoice: { invoiceNumber: string };
  };
  expect(answer.success).toBe(true);
  return answer.invoice.invoiceNumber;
}

/**
 * The warehouse received the client's cases: the adviser records the customs reference (MRN) of
 * each of the client's depot positions in Lagerbestand (through the API), which puts it in bond,
 * and the warehouse's next stock report confirms them.
 */
export async function staffBooksIntoWarehouse(
  request: APIRequestContext,
  clientEmail: string,
): Promise<void> {
  const login = await request.post('/graphql', {
    data: { query: LOGIN, variables: { email: demoAccounts.superuser, password: demoPassword } },
  });
  const headers = { authorization: `JWT ${(await login.json()).data.tokenAuth.token as string}` };
  const depot = await request.post('/graphql', {
    headers,
    data: {
      query: 'query ($mail: String!) { viewClientsDepot(clientsMail: $mail) { id } }',
      variables: { mail: clientEmail },
    },
  });
  const positions = (await depot.json()).data.viewClientsDepot as { id: number }[];
  expect(positions.length, 'the client holds the paid cases').toBeGreaterThan(0);
  for (const position of positions) {
    const recorded = await request.post('/graphql', {
      headers,
      data: {
        query:
          'mutation ($id: Int!) { updateAssetUnderManagement(depotPositionId: $id, newMrn: "26DE1234567890ABC8") { success asset { currentStatus } } }',
        variables: { id: position.id },
      },
    });
    expect((await recorded.json()).data.updateAssetUnderManagement).toMatchObject({
      success: true,
      asset: { currentStatus: 'IN_BOND' },
    });
  }
  // The warehouse confirms them in its next signed stock report.
  await warehouseReportsStock(request);
}

/**
 * The warehouse sends its next signed stock report, holding what the ledger owes in bond (the
 * demo warehouse stands in for it: it reports on the adviser's request).
 */
export async function warehouseReportsStock(request: APIRequestContext): Promise<void> {
  const login = await request.post('/graphql', {
    data: { query: LOGIN, variables: { email: demoAccounts.superuser, password: demoPassword } },
  });
  const reported = await request.post('/graphql', {
    headers: { authorization: `JWT ${(await login.json()).data.tokenAuth.token as string}` },
    data: { query: 'mutation { reportDemoWarehouseStock { success errors { message } } }' },
  });
  expect((await reported.json()).data.reportDemoWarehouseStock).toMatchObject({ success: true });
}
