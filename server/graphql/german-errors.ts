/**
 * Every error the GraphQL endpoint answers is German. Resolver errors are German already; the
 * protocol's own errors (malformed JSON, unknown fields, wrong argument types, from graphql-js and
 * graphql-yoga in English) are translated here, and unexpected errors (bugs, database failures) are
 * masked: the client gets a German sentence, never a stack trace, SQL or internal message; the
 * server logs the original.
 */
import { GraphQLError } from 'graphql';
import type { Plugin, YogaLogger } from 'graphql-yoga';

export const UNEXPECTED_ERROR_MESSAGE =
  'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.';

const PREFIX = 'Ungültige Anfrage: ';

type Translation = [RegExp, (match: RegExpMatchArray) => string];

/** The messages of graphql-js 16 and graphql-yoga 5 that a client can provoke. */
const translations: Translation[] = [
  [/^Syntax Error: (.*)$/s, (m) => `Die Abfrage ist syntaktisch falsch${syntaxDetail(m[1] ?? '')}.`],
  [/^POST body sent invalid JSON\.?$/, () => 'Der Inhalt der Anfrage ist kein gültiges JSON.'],
  [
    /^POST body is expected to be object but received /,
    () => 'Der Inhalt der Anfrage muss ein JSON-Objekt sein.',
  ],
  [/^Must provide query string\.?$/, () => 'Die Anfrage enthält keine GraphQL-Abfrage.'],
  [/^Expected "(\w+)" param to be/, (m) => `Der Parameter „${m[1]}“ der Anfrage hat die falsche Form.`],
  [/^Expected params to be an object/, () => 'Die Anfrage muss ein JSON-Objekt sein.'],
  [/^Invalid "(\w+)" param/, (m) => `Der Parameter „${m[1]}“ der Anfrage ist ungültig.`],
  [/^Invalid "params" in the request body/, () => 'Die Anfrage enthält ungültige Parameter.'],
  [
    /^Unexpected parameter "(\w+)" in the request body/,
    (m) => `Den Parameter „${m[1]}“ kennt der Server nicht.`,
  ],
  [
    /^Could not determine what operation to execute/,
    () => 'Es ist nicht klar, welche Operation ausgeführt werden soll.',
  ],
  [/^GraphQL only supports GET and POST requests/, () => 'GraphQL-Anfragen gehen nur per GET oder POST.'],
  [
    /^Batching is (not supported|limited)/,
    () => 'Mehrere Operationen in einer Anfrage werden nicht unterstützt.',
  ],
  [/^Content-Length header is invalid/, () => 'Die Längenangabe passt nicht zum Inhalt.'],
  [/^Request body too large/, () => 'Die Anfrage ist zu groß (höchstens 1 MB).'],
  [
    /^(Missing multipart|Multipart form field|POST body sent invalid multipart)/,
    () => 'Datei-Uploads werden hier nicht angenommen.',
  ],
  [
    /^Must provide operation name if query contains multiple operations\.?$/,
    () => 'Die Abfrage enthält mehrere Operationen; bitte geben Sie den Namen der gewünschten an.',
  ],
  [/^Unknown operation named "(.*)"\.?$/, (m) => `Die Operation „${m[1]}“ gibt es in der Abfrage nicht.`],
  [
    /^Can only perform a mutation operation from a POST request\.?$/,
    () => 'Änderungen sind nur per POST möglich.',
  ],
  [
    /^Variable "\$(\w+)" of required type "([^"]+)" was not provided\.?$/,
    (m) => `Der Parameter $${m[1]} (${m[2]}) fehlt.`,
  ],
  [
    /^Variable "\$(\w+)" of non-null type "([^"]+)" must not be null\.?$/,
    (m) => `Der Parameter $${m[1]} (${m[2]}) darf nicht leer sein.`,
  ],
  [
    /^Variable "\$(\w+)" got invalid value .*?; (.*)$/s,
    (m) => `Der Parameter $${m[1]} hat einen ungültigen Wert${detail(m[2] ?? '')}`,
  ],
  [/^Variable "\$(\w+)" is never used/, (m) => `Der Parameter $${m[1]} wird nicht verwendet.`],
  [/^Variable "\$(\w+)" is not defined/, (m) => `Der Parameter $${m[1]} ist nicht deklariert.`],
  [
    /^Variable "\$(\w+)" of type "([^"]+)" used in position expecting type "([^"]+)"\.?$/,
    (m) => `Der Parameter $${m[1]} hat den Typ ${m[2]}, erwartet wird ${m[3]}.`,
  ],
  [
    /^Variable "\$(\w+)" cannot be non-input type "([^"]+)"\.?$/,
    (m) => `Der Parameter $${m[1]} kann nicht den Typ ${m[2]} haben.`,
  ],
  [
    /^Field "(\w+)" argument "(\w+)" of type "([^"]+)" is required, but it was not provided\.?$/,
    (m) => `Das Feld ${m[1]} braucht den Parameter ${m[2]} (${m[3]}).`,
  ],
  [/^Cannot query field "(\w+)" on type "(\w+)"/, (m) => `Das Feld ${m[1]} gibt es im Typ ${m[2]} nicht.`],
  [
    /^Unknown argument "(\w+)" on field "([\w.]+)"/,
    (m) => `Das Feld ${m[2]} kennt den Parameter ${m[1]} nicht.`,
  ],
  [/^Unknown argument "(\w+)" on directive "@(\w+)"/, (m) => `Die Direktive @${m[2]} kennt ${m[1]} nicht.`],
  [/^Unknown type "(\w+)"/, (m) => `Den Typ ${m[1]} gibt es nicht.`],
  [/^Unknown directive "@(\w+)"/, (m) => `Die Direktive @${m[1]} gibt es nicht.`],
  [/^Unknown fragment "(\w+)"/, (m) => `Das Fragment ${m[1]} ist nicht definiert.`],
  [/^Fragment "(\w+)" is never used/, (m) => `Das Fragment ${m[1]} wird nicht verwendet.`],
  [
    /^Field "(\w+)" of type "([^"]+)" must have a selection of subfields/,
    (m) => `Das Feld ${m[1]} (${m[2]}) braucht eine Auswahl von Unterfeldern.`,
  ],
  [
    /^Field "(\w+)" must not have a selection since type "([^"]+)" has no subfields/,
    (m) => `Das Feld ${m[1]} (${m[2]}) hat keine Unterfelder.`,
  ],
  [
    /^Field "([\w.]+)" of required type "([^"]+)" was not provided\.?$/,
    (m) => `Das Feld ${m[1]} (${m[2]}) fehlt.`,
  ],
  [
    /^Field "([\w.]+)" is not defined by type "(\w+)"/,
    (m) => `Das Feld ${m[1]} gibt es im Typ ${m[2]} nicht.`,
  ],
  [
    /^Expected value of type "([^"]+)", found (.*?)(?:; (.*))?$/s,
    (m) => `Der Wert ${m[2]} passt nicht zum Typ ${m[1]}${m[3] ? detail(m[3]) : '.'}`,
  ],
  [/^Expected type "([^"]+)"/, (m) => `Erwartet wird der Typ ${m[1]}.`],
  [/^(Int|Float|String|Boolean|ID) cannot represent (.*)$/s, (m) => typeMismatch(m[1] ?? '', m[2] ?? '')],
  [/^Enum "(\w+)" cannot represent/, (m) => `Der Wert gehört nicht zur Aufzählung ${m[1]}.`],
  [/^Value "(.*)" does not exist in "(\w+)" enum/, (m) => `Den Wert „${m[1]}“ gibt es in ${m[2]} nicht.`],
  [/^There can be only one operation named "(\w+)"/, (m) => `Die Operation ${m[1]} ist mehrfach definiert.`],
  [
    /^This anonymous operation must be the only defined operation/,
    () => 'Eine unbenannte Operation muss allein stehen.',
  ],
  [
    /^There can be only one (argument|variable|fragment|input field) named/,
    () => 'Ein Name ist mehrfach vergeben.',
  ],
  [
    /^Fields "(\w+)" conflict because/,
    (m) => `Das Feld ${m[1]} ist mehrfach mit verschiedenen Angaben abgefragt.`,
  ],
  [/^Cannot spread fragment "(\w+)" within itself/, (m) => `Das Fragment ${m[1]} verweist auf sich selbst.`],
  [/^Cannot spread fragment/, () => 'Ein Fragment passt nicht zum Typ an dieser Stelle.'],
  [
    /^Schema is not configured (to execute|for) (\w+) operation/,
    () => 'Diese Art von Operation gibt es nicht.',
  ],
  [/^Subscriptions are not supported/, () => 'Abonnements (Subscriptions) gibt es nicht.'],
];

/** The parser's reason in German where it is one of the common ones; the error's location tells where. */
function syntaxDetail(reason: string): string {
  const expected = reason.match(/^Expected (.+?), found (.+?)\.?$/);
  if (expected) return ` (erwartet: ${expected[1]}, gefunden: ${expected[2]})`;
  const unexpected = reason.match(/^Unexpected (.+?)\.?$/);
  if (unexpected) return ` (unerwartet: ${unexpected[1]})`;
  if (/^Unterminated string/.test(reason)) return ' (ein Text ist nicht abgeschlossen)';
  if (/^Invalid number/.test(reason)) return ' (ungültige Zahl)';
  return '';
}

function typeMismatch(type: string, rest: string): string {
  if (/non 32-bit signed integer/.test(rest))
    return 'Die Zahl ist zu groß für eine ganze Zahl (höchstens 2147483647).';
  if (/non-integer/.test(rest)) return 'Erwartet wird eine ganze Zahl.';
  const names: Record<string, string> = {
    Int: 'eine ganze Zahl',
    Float: 'eine Zahl',
    String: 'ein Text',
    Boolean: 'ein Wahrheitswert (true/false)',
    ID: 'eine Kennung',
  };
  return `Erwartet wird ${names[type] ?? type}.`;
}

/** The reason after `;`: translated when known, German messages (our scalars) kept. */
function detail(reason: string): string {
  const german = translateMessage(reason.trim(), false);
  return `: ${german ?? reason.trim()}`;
}

/** The German form of a protocol error message, or null when none is known. */
export function translateMessage(message: string, withPrefix = true): string | null {
  for (const [pattern, render] of translations) {
    const match = message.match(pattern);
    if (match) {
      const german = render(match);
      return withPrefix ? `${PREFIX}${german}` : german;
    }
  }
  return null;
}

/**
 * graphql-js writes a refused variable as `Variable "$x" got invalid value <value>; <reason>`, and
 * the printed value can itself contain `; ` (an object key, a text). The reason is the original
 * error's message, so it is taken from there rather than from the first `; `. (Literals in the
 * query are refused by our scalars' own German errors and do not take this form.)
 */
function withOriginalReason(error: GraphQLError): string | null {
  const reason = error.originalError?.message;
  if (!reason || !error.message.endsWith(`; ${reason}`)) return null;
  const head = error.message.slice(0, -(reason.length + 2));
  const variable = head.match(/^Variable "\$(\w+)" got invalid value /);
  return variable
    ? `${PREFIX}Der Parameter $${variable[1]} hat einen ungültigen Wert${detail(reason)}`
    : null;
}

/** Errors outside any field (request, parsing, validation, variables) get a German message. */
export function germanizeError(error: GraphQLError): GraphQLError {
  if (error.path !== undefined) return error;
  const translated = withOriginalReason(error) ?? translateMessage(error.message);
  // Our own errors carry a code and are German; an unknown English message keeps its text after a German lead.
  const message = translated ?? (error.extensions?.code ? error.message : `${PREFIX}${error.message}`);
  // The parser's own error (name, English message) is never part of the answer.
  const { originalError: _hidden, ...extensions } = (error.extensions ?? {}) as Record<string, unknown>;
  if (message === error.message && !('originalError' in (error.extensions ?? {}))) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError,
    extensions: { code: 'BAD_REQUEST', ...extensions },
  });
}

export function germanErrorsPlugin(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      setResult({ ...result, errors: result.errors.map((error) => germanizeError(error as GraphQLError)) });
    },
  };
}

/** NUL characters cannot be stored in Postgres text; they are refused before any resolver runs. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

export function rejectNulCharactersPlugin(): Plugin {
  return {
    onParams({ params, setResult }) {
      if (containsNul(params.query) || containsNul(params.variables)) {
        setResult({
          errors: [
            new GraphQLError(`${PREFIX}Texte dürfen keine Nullzeichen (\\u0000) enthalten.`, {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
            }),
          ],
        });
      }
    },
  };
}

/** Receives what the server logs as an error (unexpected resolver errors, failed requests). */
export type ErrorReporter = (error: unknown) => void;

/** Yoga's logger: errors go to the reporter, warnings to the console, debug and info nowhere. */
export function yogaLogger(reportError: ErrorReporter): YogaLogger {
  return {
    debug: () => {},
    info: () => {},
    warn: (...args: unknown[]) => console.warn('[weindepot] GraphQL:', ...args),
    error: (...args: unknown[]) => reportError(args.length === 1 ? args[0] : args),
  };
}

/** Yoga's `maskedErrors`: a German message and never the original error's details, also in development. */
export const germanMaskedErrors = { errorMessage: UNEXPECTED_ERROR_MESSAGE, isDev: false };
