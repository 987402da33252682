/**
 * The detached CMS signature every issued document carries (`adbe.pkcs7.detached`, SHA-256, RSA),
 * so any PDF reader shows whether the file was changed after it was signed. The signing identity
 * is a PKCS#12 file (key and certificate chain) from configuration; without one, a self-signed
 * certificate is generated into `DATA_DIR` once, which proves integrity but not who signed.
 *
 * Not PAdES: the signature has no signing-certificate-v2 attribute (the signer of `@signpdf`
 * writes content type, signing time and message digest), so it is called a CMS signature.
 * RSA PKCS#1 v1.5 is deterministic and the signing time is the moment the document is issued,
 * so signing the same rendered bytes twice gives the same file.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import {
  ANNOTATION_FLAGS,
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  DEFAULT_SIGNATURE_LENGTH,
  SIG_FLAGS,
  SUBFILTER_ADOBE_PKCS7_DETACHED,
} from '@signpdf/utils';
import forge from 'node-forge';
import { writeFileDurablySync } from '../services/durable-file';

export interface SigningIdentity {
  /** PKCS#12 (DER) with the private key and its certificate (chain). */
  p12: Uint8Array;
  passphrase: string;
  /** The certificate was generated here, not issued by a certification authority. */
  selfSigned: boolean;
  /** The signer certificate's common name, as PDF readers show it. */
  signerName: string;
}

export interface SignatureSpec {
  /** The moment the document is issued: the signing time in the CMS and the dictionary's /M. */
  signingTime: Date;
  reason: string;
  location: string;
}

const asciiOnly = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '');

/** The demo identity's file in `DATA_DIR`. */
export const SELF_SIGNED_P12 = 'document-signing.p12';

/**
 * A self-signed RSA-2048 certificate for `commonName`, ten years valid, as PKCS#12 protected by
 * `passphrase` (the key comes from node:crypto, which is much faster than forge's own generator).
 */
export function selfSignedIdentity(commonName: string, passphrase: string): Uint8Array {
  const { privateKey: pem } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(pem.export({ type: 'pkcs1', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date();
  certificate.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    // forge writes a name byte by byte as PrintableString and re-encodes it so when it names the
    // issuer in the signature: ASCII only, or the signer's certificate is not found.
    { name: 'commonName', value: asciiOnly(commonName) },
    { name: 'countryName', value: 'DE' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The signing identity: `DOCUMENT_SIGNING_P12` (a file path) with `DOCUMENT_SIGNING_PASSPHRASE`,
 * or the self-signed one in `DATA_DIR`, generated on first use with `demoPassphrase`.
 */
export function loadSigningIdentity(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  commonName: string,
  demoPassphrase: string,
): SigningIdentity {
  if (env.DOCUMENT_SIGNING_P12) {
    const p12 = readFileSync(env.DOCUMENT_SIGNING_P12);
    const passphrase = env.DOCUMENT_SIGNING_PASSPHRASE ?? '';
    return { p12, passphrase, selfSigned: false, signerName: signerName(p12, passphrase) };
  }
  const file = path.join(dataDir, SELF_SIGNED_P12);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const identity = selfSignedIdentity(
      `${commonName} – Dokumentsignatur (selbst ausgestellt)`,
      demoPassphrase,
    );
    writeFileDurablySync(file, identity, { mode: 0o600 });
  }
  const p12 = readFileSync(file);
  return { p12, passphrase: demoPassphrase, selfSigned: true, signerName: signerName(p12, demoPassphrase) };
}

/** The common name of the certificate beside the key; at start-up, so a wrong file or passphrase stops the server. */
function signerName(p12: Uint8Array, passphrase: string): string {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary'))),
      false,
      passphrase,
    );
  } catch (error) {
    throw new Error(
      'DOCUMENT_SIGNING_P12 lässt sich nicht öffnen: keine PKCS#12-Datei oder falsche DOCUMENT_SIGNING_PASSPHRASE.',
      { cause: error },
    );
  }
  const certificate = parsed.getBags({ bagType: forge.pki.oids.certBag })[
    forge.pki.oids.certBag as string
  ]?.[0]?.cert;
  if (!certificate) throw new Error('DOCUMENT_SIGNING_P12 enthält kein Zertifikat.');
  return String(certificate.subject.getField('CN')?.value ?? '');
}

/**
 * Adds the signature field whose /Contents the signature fills later (call before `doc.end()`).
 * Written here rather than with `@signpdf/placeholder-pdfkit`, whose widget lacks the /F flags
 * PDF/A requires of every annotation (printable, nothing hidden).
 */
export function addSignaturePlaceholder(doc: PDFKit.PDFDocument, spec: SignatureSpec, signerName: string) {
  // pdfkit's form and reference internals are not in its type declarations.
  const pdf = doc as unknown as PdfkitInternals;
  const signature = pdf.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    ByteRange: [
      0,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
      DEFAULT_BYTE_RANGE_PLACEHOLDER,
    ],
    Contents: Buffer.alloc(DEFAULT_SIGNATURE_LENGTH),
    Reason: new String(spec.reason),
    M: spec.signingTime,
    Name: new String(signerName),
    Location: new String(spec.location),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' } },
  });
  if (!pdf._acroform) pdf.initForm();
  const form = pdf._root.data.AcroForm;
  // Without NeedAppearances, which PDF/A forbids.
  form.data = {
    Type: 'AcroForm',
    SigFlags: SIG_FLAGS.SIGNATURES_EXIST | SIG_FLAGS.APPEND_ONLY,
    Fields: form.data.Fields,
    DR: form.data.DR,
  };
  const widget = pdf.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    F: ANNOTATION_FLAGS.PRINT,
    V: signature,
    T: new String(`Signatur${form.data.Fields.length + 1}`),
    P: pdf.page.dictionary,
  });
  pdf.page.annotations.push(widget);
  form.data.Fields.push(widget);
  signature.end();
  widget.end();
}

interface PdfkitReference {
  data: Record<string, unknown> & { Fields: PdfkitReference[]; DR: unknown };
  end(): void;
}

interface PdfkitInternals {
  ref(data: Record<string, unknown>): PdfkitReference;
  initForm(): void;
  _acroform?: unknown;
  _root: { data: { AcroForm: PdfkitReference } };
  page: { dictionary: unknown; annotations: PdfkitReference[] };
}

/** Fills the placeholder with the CMS signature over the rest of the file. */
export function signPdf(pdf: Buffer, identity: SigningIdentity, signingTime: Date): Promise<Buffer> {
  const signer = new P12Signer(Buffer.from(identity.p12), { passphrase: identity.passphrase });
  return new SignPdf().sign(pdf, signer, signingTime);
}
