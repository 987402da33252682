/** What the list of manual quotes searches and sorts by; pure, for its table. */
export interface QuoteListRow {
  email: string;
  investmentSumPicked: string;
  investmentSumPickedStr: string;
}

/** A quote is found by its customer's e-mail and its sum as shown. */
export function quoteSearchText(quote: QuoteListRow): string {
  return `${quote.email} ${quote.investmentSumPickedStr}`;
}

/** The sum sorts as a number (the server sends it as a decimal string), the others as they are. */
export function quoteSortValue<Quote extends QuoteListRow>(quote: Quote, accessor: string): unknown {
  return accessor === 'investmentSumPicked'
    ? Number(quote.investmentSumPicked)
    : (quote as unknown as Record<string, unknown>)[accessor];
}
