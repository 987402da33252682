/**
 * The warehouse's stock report as a file: UTF-8, `;`-separated, one header row, one row per lot
 * (a case or a group of cases under one warehouse id), ISO dates. Parsed strictly: a report the
 * portal misreads would confirm or deny cases wrongly, so every doubtful row refuses the file.
 */

export const STOCK_REPORT_COLUMNS = [
  'lot_id',
  'lwin11',
  'bottle_size_ml',
  'bottles_per_case',
  'cases',
  'owner_ref',
  'mrn',
  'as_of',
] as const;

export interface ReportLot {
  lotId: string;
  lwin11: string;
  bottleSizeMl: number;
  bottlesPerCase: number;
  cases: number;
  ownerRef: string;
  mrn: string;
  /** `YYYY-MM-DD`. */
  asOf: string;
}

export interface ParsedReport {
  lots: ReportLot[];
  /** The latest `as_of` of its rows: the day the report describes. */
  asOf: string;
  casesTotal: number;
}

/** Rows a report may have (a larger warehouse sends several files). */
export const MAX_REPORT_LOTS = 50_000;
/** Problems named before the rest are summed up. */
const MAX_PROBLEMS = 10;

const LWIN11 = /^\d{11}$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_ID = /^[\p{L}\p{N}._/-]{1,40}$/u;

const isIsoDay = (value: string) =>
  ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

function wholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\d{1,7}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** The lots of a report, or the German problems that refuse it (at most ten, by line). */
export function parseStockReport(bytes: Uint8Array): { report: ParsedReport } | { problems: string[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problems: ['Der Bestandsbericht ist keine UTF-8-Datei.'] };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  const header = lines[0]?.trim().toLowerCase();
  if (header !== STOCK_REPORT_COLUMNS.join(';')) {
    return {
      problems: [`Die erste Zeile muss die Spalten „${STOCK_REPORT_COLUMNS.join(';')}“ nennen.`],
    };
  }
  if (lines.length - 1 > MAX_REPORT_LOTS) {
    return {
      problems: [
        `Ein Bestandsbericht hat höchstens ${new Intl.NumberFormat('de-DE').format(MAX_REPORT_LOTS)} Zeilen.`,
      ],
    };
  }
  const problems: string[] = [];
  const lots: ReportLot[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.slice(1).entries()) {
    if (problems.length > MAX_PROBLEMS) break;
    const at = `Zeile ${index + 2}`;
    const cells = line.split(';').map((cell) => cell.trim());
    if (cells.length !== STOCK_REPORT_COLUMNS.length) {
      problems.push(`${at}: ${STOCK_REPORT_COLUMNS.length} Spalten erwartet, ${cells.length} gefunden.`);
      continue;
    }
    const [lotId, lwin11, ml, perCase, cases, ownerRef, mrn, asOf] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const bottleSizeMl = wholeNumber(ml, 1, 30_000);
    const bottlesPerCase = wholeNumber(perCase, 1, 48);
    const caseCount = wholeNumber(cases, 1, 100_000);
    const rowProblem = !TEXT_ID.test(lotId)
      ? 'die Lagernummer (lot_id) fehlt oder enthält unerlaubte Zeichen'
      : seen.has(lotId)
        ? `die Lagernummer ${lotId} steht zweimal im Bericht`
        : !LWIN11.test(lwin11)
          ? 'die LWIN-11 muss aus 11 Ziffern bestehen'
          : bottleSizeMl === null
            ? 'die Flaschengröße (bottle_size_ml) muss eine ganze Zahl in Millilitern sein'
            : bottlesPerCase === null
              ? 'die Flaschen je Kiste (bottles_per_case) müssen eine ganze Zahl von 1 bis 48 sein'
              : caseCount === null
                ? 'die Kistenzahl (cases) muss eine ganze Zahl ab 1 sein'
                : !TEXT_ID.test(ownerRef)
                  ? 'die Kundennummer (owner_ref) fehlt oder enthält unerlaubte Zeichen'
                  : mrn !== '' && !TEXT_ID.test(mrn)
                    ? 'die MRN enthält unerlaubte Zeichen'
                    : !isIsoDay(asOf)
                      ? 'das Datum (as_of) muss ein Tag im Format JJJJ-MM-TT sein'
                      : null;
    if (rowProblem || bottleSizeMl === null || bottlesPerCase === null || caseCount === null) {
      problems.push(`${at}: ${rowProblem}.`);
      continue;
    }
    seen.add(lotId);
    lots.push({ lotId, lwin11, bottleSizeMl, bottlesPerCase, cases: caseCount, ownerRef, mrn, asOf });
  }
  if (problems.length > MAX_PROBLEMS) {
    return { problems: [...problems.slice(0, MAX_PROBLEMS), 'Weitere Zeilen wurden nicht mehr geprüft.'] };
  }
  if (problems.length > 0) return { problems };
  if (lots.length === 0) return { problems: ['Der Bestandsbericht enthält keine Zeile mit einem Posten.'] };
  const asOf =
    lots
      .map((lot) => lot.asOf)
      .sort()
      .at(-1) ?? '';
  return { report: { lots, asOf, casesTotal: lots.reduce((sum, lot) => sum + lot.cases, 0) } };
}

/** The report file of these lots (header, one row each, a final line break). */
export function formatStockReport(lots: readonly ReportLot[]): string {
  const rows = lots.map((lot) =>
    [
      lot.lotId,
      lot.lwin11,
      lot.bottleSizeMl,
      lot.bottlesPerCase,
      lot.cases,
      lot.ownerRef,
      lot.mrn,
      lot.asOf,
    ].join(';'),
  );
  return `${[STOCK_REPORT_COLUMNS.join(';'), ...rows].join('\n')}\n`;
}
