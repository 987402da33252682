/**
 * Documents issued once: the first request for a document renders it with a new short id (printed
 * in it and in its QR code) and stores the bytes; every later request returns those bytes, so the
 * same document is always the same file and `sha256sum` of a download equals the hash `/verify/<id>`
 * shows. A change of what a document states (a case entering the warehouse, a sale) makes a new
 * subject and so a new document with its own id; the earlier one stays stored and verifiable, and
 * `/verify` names the newer one of its series that replaces it. Each carries a CMS signature made
 * at the moment it is issued (`server/pdf/signature.ts`).
 */
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { issuedDocuments } from '../db/schema';
import type { PdfDocumentModel } from '../pdf/layout';

export type IssuedDocument = typeof issuedDocuments.$inferSelect;
export type IssuedDocumentKind = IssuedDocument['kind'];

/** Lower-case letters and digits without the ones read alike (0/o, 1/l/i): typed from paper too. */
const ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 12 of 31 signs: about 59 bits, not guessable under the verify page's rate limit. */
const ID_LENGTH = 12;
const ID_PATTERN = new RegExp(`^[${ID_ALPHABET}]{${ID_LENGTH}}$`);

export const isDocumentId = (value: string) => ID_PATTERN.test(value);

function newDocumentId(): string {
  let id = '';
  for (let index = 0; index < ID_LENGTH; index += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The verify address of a document: origin, `/verify/` and the 12-sign id (20 signs after the origin). */
export const documentVerifyUrl = (publicUrl: string, id: string) => `${publicUrl}/verify/${id}`;

export interface DocumentRequest {
  kind: IssuedDocumentKind;
  /**
   * What the document states, one value per state: a certificate's or settlement's content
   * fingerprint. Without one, the SHA-256 of the model (without id) stands for it, so an invoice
   * whose lines gain their day of supply at payment is a new document.
   */
  subject?: string;
  series: string;
  userId: number;
  filename: string;
  /** The document's model for a given id and verify address. */
  model: (id: string, verifyUrl: string) => PdfDocumentModel;
}

/**
 * The stored document for `kind` and subject, issued now (rendered by `render`) when there is
 * none. Two first requests at once may both render, but one is stored and both answer it.
 */
export async function issuedDocument(
  db: Database,
  publicUrl: string,
  request: DocumentRequest,
  render: (model: PdfDocumentModel) => Promise<Buffer>,
): Promise<IssuedDocument> {
  const subject =
    request.subject ?? `${request.series}:${sha256Hex(Buffer.from(JSON.stringify(request.model('', ''))))}`;
  const existing = await storedDocument(db, request.kind, subject);
  if (existing) return existing;
  const id = newDocumentId();
  // One moment: the stored issue time (which orders a series) and the signature's signing time.
  const issuedAt = new Date();
  const model = request.model(id, documentVerifyUrl(publicUrl, id));
  const pdf = await render({
    ...model,
    signature: {
      signingTime: issuedAt,
      reason: `${model.metaTitle}, Dokument-ID ${id}`,
      location: new URL(publicUrl).host,
    },
  });
  const [inserted] = await db
    .insert(issuedDocuments)
    .values({
      id,
      kind: request.kind,
      subject,
      series: request.series,
      userId: request.userId,
      filename: request.filename,
      sha256: sha256Hex(pdf),
      pdf,
      issuedAt,
    })
    .onConflictDoNothing({ target: [issuedDocuments.kind, issuedDocuments.subject] })
    .returning();
  if (inserted) return inserted;
  const winner = await storedDocument(db, request.kind, subject);
  if (!winner) throw new Error(`Dokument ${request.kind} ${subject} weder gespeichert noch vorhanden`);
  return winner;
}

async function storedDocument(db: Database, kind: IssuedDocumentKind, subject: string) {
  const [row] = await db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.subject, subject)));
  return row ?? null;
}

export interface DocumentCheck {
  document: Omit<IssuedDocument, 'pdf'>;
  /** The newest document of the same series issued after this one: it replaces it. */
  supersededBy: Pick<IssuedDocument, 'id' | 'issuedAt'> | null;
}

/** What `/verify/<id>` says about a document id; null for an unknown one. */
export async function checkDocument(db: Database, id: string): Promise<DocumentCheck | null> {
  if (!isDocumentId(id)) return null;
  const [document] = await db
    .select({
      id: issuedDocuments.id,
      kind: issuedDocuments.kind,
      subject: issuedDocuments.subject,
      series: issuedDocuments.series,
      userId: issuedDocuments.userId,
      filename: issuedDocuments.filename,
      sha256: issuedDocuments.sha256,
      issuedAt: issuedDocuments.issuedAt,
    })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.id, id));
  if (!document) return null;
  const [newest] = await db
    .select({ id: issuedDocuments.id, issuedAt: issuedDocuments.issuedAt })
    .from(issuedDocuments)
    .where(
      and(
        eq(issuedDocuments.series, document.series),
        ne(issuedDocuments.id, document.id),
        // Compared in SQL: Postgres keeps microseconds, a JavaScript Date only milliseconds, so the
        // document's own time read back into JavaScript would count the document as newer than itself.
        gt(
          issuedDocuments.issuedAt,
          sql`(select ${issuedDocuments.issuedAt} from ${issuedDocuments} where ${issuedDocuments.id} = ${document.id})`,
        ),
      ),
    )
    .orderBy(desc(issuedDocuments.issuedAt))
    .limit(1);
  return { document, supersededBy: newest ?? null };
}

/** The stored document whose bytes hash to `sha256` (the old addresses printed a content fingerprint instead). */
export async function documentBySha256(db: Database, sha256: string) {
  const [row] = await db
    .select({ id: issuedDocuments.id })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.sha256, sha256))
    .limit(1);
  return row ?? null;
}
