/**
 * Requests sent at start-up before their query runs (the 2,000-position depot on a device
 * that holds no copy yet). The query's function takes the answer once, instead of asking again;
 * an answer older than a few seconds, or a failed one, is asked for anew.
 */
const EARLY_ANSWER_MAX_AGE_MS = 10_000;

const earlyAnswers = new Map<string, { answer: Promise<unknown>; at: number }>();

const keyOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

/**
 * Sends `request` now for the query `queryKey`; `answerOf` gives its answer to that query. While a
 * fresh early answer of that query is waiting (sent by `src/app/early-requests.ts` before the app's
 * code ran), nothing is sent again.
 */
export function askEarly(
  queryKey: readonly unknown[],
  request: () => Promise<unknown>,
  now: number = Date.now(),
): void {
  const waiting = earlyAnswers.get(keyOf(queryKey));
  if (waiting && now - waiting.at <= EARLY_ANSWER_MAX_AGE_MS) return;
  const answer = request();
  answer.catch(() => undefined); // taken (and asked again) by the query, or never needed
  earlyAnswers.set(keyOf(queryKey), { answer, at: now });
}

/** The early answer of `queryKey` if there is a fresh one (taken once), else `request()`. */
export function answerOf<Answer>(
  queryKey: readonly unknown[],
  request: () => Promise<Answer>,
  now: number = Date.now(),
): Promise<Answer> {
  const key = keyOf(queryKey);
  const early = earlyAnswers.get(key);
  earlyAnswers.delete(key);
  if (!early || now - early.at > EARLY_ANSWER_MAX_AGE_MS) return request();
  return (early.answer as Promise<Answer>).catch(() => request());
}

/**
 * Drops the early answer of `queryKey` if its query did not take it on its first run (it restored
 * a copy from the device instead): a later run, after a change of the user's, must ask anew.
 */
export function forgetEarly(queryKey: readonly unknown[]): void {
  earlyAnswers.delete(keyOf(queryKey));
}
