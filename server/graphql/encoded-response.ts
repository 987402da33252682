import { Response as FetchResponse } from '@whatwg-node/fetch';

/**
 * The Response class Yoga answers with (its `fetchAPI`): a text body is encoded to bytes once,
 * here. The fetch ponyfill measured a text body with `Buffer.byteLength` when the answer was
 * created and encoded it again when it was sent; for the 166 KiB answer of a 200-position depot
 * the measuring alone was 7 % of the server's time. A text body without a content type
 * keeps the one fetch gives it.
 */
export class EncodedOnceResponse extends FetchResponse {
  constructor(body?: ConstructorParameters<typeof FetchResponse>[0], init?: ResponseInit) {
    if (typeof body !== 'string') {
      super(body, init);
      return;
    }
    const headers = new Headers(init?.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    super(Buffer.from(body), { ...init, headers });
  }
}

/** The bytes of an answer: the Buffer an `EncodedOnceResponse` holds, without a copy. */
export async function answerBytes(response: Response): Promise<Buffer> {
  const bytes = await response.arrayBuffer();
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
}
