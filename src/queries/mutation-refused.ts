/**
 * A mutation the server answered with a refusal (`success: false` or a GraphQL error with a German
 * message): the one refusal type of the client. `code` tells why (e.g. ORDER_LIST_BLOCKED,
 * SOLD_OUT); the message is written for the user.
 */
export class MutationRefused extends Error {
  override readonly name = 'MutationRefused';
  readonly code: string;
  constructor(message: string, code = 'REFUSED') {
    super(message);
    this.code = code;
  }
}
