/**
 * The detached CMS signature every issued document carries (`adbe.pkcs7.detached`, SHA-256, RSA),
 * so any PDF reader shows whether the file was changed after it was signed. The signing identity
 * is a PKCS#12 file (key and certificate chain) from configuration; without one, a self-signed
 * certificate is generated into `DATA_DIR` once, which proves integrity but not who signed.
 *
 * Not PAdES: the signature has no signing-certificate-v2 attribute (it carries content type,
 * signing time and message digest, as `@signpdf`'s PKCS#12 signer writes them), so it is called a
 * CMS signature.
 * RSA PKCS#1 v1.5 is deterministic and the signing time is the moment the document is issued,
 * so signing the same rendered bytes twice gives the same file.
 */
import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  privateEncrypt,
  randomBytes,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SignPdf } from '@signpdf/signpdf';
import {
  ANNOTATION_FLAGS,
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  DEFAULT_SIGNATURE_LENGTH,
  SIG_FLAGS,
  Signer,
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

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
} as const;

/** DER prefix of a SHA-256 DigestInfo (RFC 8017, 9.2): what PKCS#1 v1.5 signs around the digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * `@signpdf`'s PKCS#12 signer, with the file opened once rather than per document (its key
 * derivation and forge's RSA in JavaScript took most of a document's time) and the RSA operation
 * done by node:crypto. The CMS is the one that signer writes: forge's SignedData with content type,
 * signing time and message digest as signed attributes, SHA-256, the certificates of the file.
 */
class PreparedP12Signer extends Signer {
  private readonly certificates: forge.pki.Certificate[];
  private readonly certificate: forge.pki.Certificate;
  private readonly key: KeyObject;

  constructor(identity: SigningIdentity) {
    super();
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(identity.p12).toString('binary'))),
      false,
      identity.passphrase,
    );
    const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag as string
    ]?.[0];
    const privateKey = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
    if (!privateKey) throw new Error('Die Signatur-Identität enthält keinen privaten Schlüssel.');
    this.certificates = (
      p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag as string] ?? []
    ).flatMap((bag) => (bag.cert ? [bag.cert] : []));
    const matching = this.certificates.find((certificate) => {
      const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
      return publicKey.n.compareTo(privateKey.n) === 0 && publicKey.e.compareTo(privateKey.e) === 0;
    });
    if (!matching) throw new Error('Kein Zertifikat der Signatur-Identität passt zu ihrem Schlüssel.');
    this.certificate = matching;
    this.key = createPrivateKey(forge.pki.privateKeyToPem(privateKey));
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const certificate of this.certificates) p7.addCertificate(certificate);
    const key = this.key;
    // forge calls only `sign` of the key: PKCS#1 v1.5 over the signed attributes' digest.
    const nodeKey = {
      sign: (md: forge.md.MessageDigest) =>
        privateEncrypt(
          { key, padding: constants.RSA_PKCS1_PADDING },
          Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]),
        ).toString('binary'),
    };
    p7.addSigner({
      key: nodeKey as unknown as forge.pki.rsa.PrivateKey,
      certificate: this.certificate,
      digestAlgorithm: OID.sha256,
      authenticatedAttributes: [
        { type: OID.contentType, value: OID.data },
        // forge writes a Date as UTCTime; its type declarations allow only strings.
        { type: OID.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: OID.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

const preparedSigners = new WeakMap<SigningIdentity, PreparedP12Signer>();

/** Fills the placeholder with the CMS signature over the rest of the file. */
export function signPdf(pdf: Buffer, identity: SigningIdentity, signingTime: Date): Promise<Buffer> {
  let signer = preparedSigners.get(identity);
  if (!signer) {
    signer = new PreparedP12Signer(identity);
    preparedSigners.set(identity, signer);
  }
  return new SignPdf().sign(pdf, signer, signingTime);
}
