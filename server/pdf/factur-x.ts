/**
 * The e-invoice inside a PDF as Factur-X 1.0 / ZUGFeRD 2 asks for it: the CII XML embedded as
 * `factur-x.xml` (MIME type text/xml, relationship "Alternative": the XML is the same invoice as
 * the pages, and listed in the catalogue's /AF), the document PDF/A-3, and the XMP metadata's
 * Factur-X properties with the PDF/A extension schema that declares them.
 */

/** What `renderPdf` embeds: the XML and the day it is dated (the embedded file's dates). */
export interface FacturXAttachment {
  xml: string;
  /** `YYYY-MM-DD`: the invoice's date, so the same invoice gives the same bytes. */
  date: string;
  /** Factur-X DocumentType: INVOICE (also for a credit note; its type code says so). */
  documentType: 'INVOICE';
}

export const FACTUR_X_NAME = 'factur-x.xml';
export const FACTUR_X_CONFORMANCE = 'EN 16931';

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const property = (name: string, description: string) =>
  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;

/** The XMP of Factur-X: its four properties and the extension schema PDF/A needs for them. */
export function facturXXmp(attachment: FacturXAttachment): string {
  return `
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
            <fx:DocumentType>${attachment.documentType}</fx:DocumentType>
            <fx:DocumentFileName>${FACTUR_X_NAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${FACTUR_X_CONFORMANCE}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
            <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property><rdf:Seq>
                    ${property('DocumentFileName', 'name of the embedded XML invoice file')}
                    ${property('DocumentType', 'INVOICE')}
                    ${property('Version', 'The actual version of the Factur-X XML schema')}
                    ${property('ConformanceLevel', 'The conformance level of the embedded Factur-X data')}
                </rdf:Seq></pdfaSchema:property>
            </rdf:li></rdf:Bag></pdfaExtension:schemas>
        </rdf:Description>`;
}

/** pdfkit 0.20 reads `relationship` (the file specification's /AFRelationship); its types lack it. */
type FileOptions = PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' };

/** Embeds the XML and its XMP (call before `doc.end()`). */
export function embedFacturX(doc: PDFKit.PDFDocument, attachment: FacturXAttachment): void {
  const day = new Date(`${attachment.date}T00:00:00Z`);
  const options: FileOptions = {
    name: FACTUR_X_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X/ZUGFeRD-Rechnung (EN 16931)',
    creationDate: day,
    modifiedDate: day,
  };
  doc.file(Buffer.from(attachment.xml, 'utf8'), options);
  doc.appendXML(facturXXmp(attachment));
}
