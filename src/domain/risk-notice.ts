/**
 * The risk notice wherever money is projected (the simulation, the proposal pages, the adviser's
 * offer, Top Angebote): plain and visible, because a client buys goods, not an investment with a
 * promised return, and the shown 8–10 % are an expectation only.
 */
export const RISK_NOTICE_TITLE = 'Risikohinweis';

export const INVESTMENT_RISK_NOTICE =
  'Der Wert von Wein kann fallen; vergangene Renditen und die gezeigten 8–10 % sind keine Garantie; es besteht keine Einlagensicherung; Sie kaufen Ware (keine Zinsen, kein Rückkaufversprechen).';
