// A small (unsigned) DespatchAdvice XML for a seeded guide, zipped as RUC-09-SERIE-NUM.zip would hold it.
import JSZip from 'jszip';
import type { Guide } from '../../shared/api';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

export function guideXml(guide: Guide): string {
  const [date = '', time = ''] = guide.emision.fecEmision.split('T');
  const lines = guide.traslado.bien
    .map(
      (b) => `  <cac:DespatchLine>
    <cbc:ID>${b.numOrden}</cbc:ID>
    <cbc:DeliveredQuantity unitCode="${escapeXml(b.codUniMedida)}">${b.numCantidad}</cbc:DeliveredQuantity>
    <cac:Item><cbc:Description>${escapeXml(b.desBien)}</cbc:Description>` +
        `<cac:SellersItemIdentification><cbc:ID>${escapeXml(b.codBien)}</cbc:ID></cac:SellersItemIdentification></cac:Item>
  </cac:DespatchLine>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<DespatchAdvice xmlns="urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>2.0</cbc:CustomizationID>
  <cbc:ID>${escapeXml(guide.numSerie)}-${guide.numCpe}</cbc:ID>
  <cbc:IssueDate>${escapeXml(date)}</cbc:IssueDate>
  <cbc:IssueTime>${escapeXml(time)}</cbc:IssueTime>
  <cbc:DespatchAdviceTypeCode>${escapeXml(guide.codTipoCpe)}</cbc:DespatchAdviceTypeCode>
  <cac:DespatchSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${escapeXml(guide.numRuc)}</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(guide.emisor.desNombre)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:DespatchSupplierParty>
  <cac:DeliveryCustomerParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID="${escapeXml(guide.receptor.codTipoDocIdentidad)}">${escapeXml(guide.receptor.numDocIdentidad)}</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(guide.receptor.desNombre)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:DeliveryCustomerParty>
  <cac:Shipment>
    <cbc:ID>SUNAT_Envio</cbc:ID>
    <cbc:HandlingCode>${escapeXml(guide.traslado.codMotivoTraslado)}</cbc:HandlingCode>
    <cbc:GrossWeightMeasure unitCode="${escapeXml(guide.traslado.codUnidadMedidaPb)}">${guide.traslado.numPesoBruto}</cbc:GrossWeightMeasure>
  </cac:Shipment>
${lines}
</DespatchAdvice>
`;
}

/** base64 zip holding `${numRuc}-${codTipoCpe}-${numSerie}-${numCpe}.xml`. Deterministic for a given guide. */
export async function guideXmlZip(guide: Guide): Promise<string> {
  const zip = new JSZip();
  const name = `${guide.numRuc}-${guide.codTipoCpe}-${guide.numSerie}-${guide.numCpe}.xml`;
  zip.file(name, guideXml(guide), { date: new Date(`${guide.emision.fecEmision}-05:00`) });
  return zip.generateAsync({ type: 'base64', compression: 'DEFLATE' });
}
