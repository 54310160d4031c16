// The demo catalogue: a Peruvian bodega's everyday products, so a new user can sell at once in demo mode.
// Barcodes are fictional but valid EAN-13 (prefix 775 is Peru's GS1 range; 20... is for in-store items sold by
// weight or loose). Prices are plausible shelf prices with IGV, in soles.
import type { ProductsRepository, ProductUpsert } from '../db';

export const DEMO_PRODUCTS: readonly ProductUpsert[] = [
  { code: '7751012000450', description: 'Arroz Costeño Extra 5 kg', unit: 'NIU', price: '24.9', affectation: '10' },
  { code: '7751012000528', description: 'Fideos Don Vittorio Spaghetti 500 g', unit: 'NIU', price: '3.8', affectation: '10' },
  { code: '7752104000136', description: 'Leche Gloria Evaporada Entera 400 g', unit: 'CA', price: '4.3', affectation: '10' },
  { code: '7752104000204', description: 'Yogurt Gloria Fresa 1 kg', unit: 'NIU', price: '7.5', affectation: '10' },
  { code: '7752104000372', description: 'Mantequilla Laive con Sal 200 g', unit: 'NIU', price: '8.9', affectation: '10' },
  { code: '7753056000182', description: 'Inca Kola 500 ml', unit: 'BO', price: '2.5', affectation: '10' },
  { code: '7753056000250', description: 'Gaseosa Coca-Cola 1.5 L', unit: 'BO', price: '6.5', affectation: '10' },
  { code: '7754123000142', description: 'Agua San Luis sin Gas 625 ml', unit: 'BO', price: '1.5', affectation: '10' },
  { code: '7754123000210', description: 'Cerveza Pilsen Callao 630 ml', unit: 'BO', price: '6.5', affectation: '10' },
  { code: '7755087000162', description: 'Aceite Primor Premium 900 ml', unit: 'BO', price: '11.5', affectation: '10' },
  { code: '7755087000230', description: 'Atún Florida en Trozos 170 g', unit: 'CA', price: '6.2', affectation: '10' },
  { code: '7756141000111', description: 'Galletas Soda Field Paquete x 6', unit: 'PK', price: '3.2', affectation: '10' },
  { code: '7756141000289', description: 'Café Altomayo Molido 250 g', unit: 'NIU', price: '12.9', affectation: '10' },
  { code: '7757209000197', description: 'Detergente Bolívar Floral 800 g', unit: 'NIU', price: '10.5', affectation: '10' },
  { code: '7757209000265', description: 'Papel Higiénico Elite Doble Hoja x 4', unit: 'PK', price: '5.9', affectation: '10' },
  { code: '7758263000178', description: 'Sal de Mesa Emsal 1 kg', unit: 'NIU', price: '1.8', affectation: '10' },
  { code: '7759325000181', description: 'Chocolate Sublime Clásico 30 g', unit: 'NIU', price: '1.5', affectation: '10' },
  { code: '7759325000259', description: 'Cuaderno Justus Cuadriculado A4 100 hojas', unit: 'NIU', price: '6.9', affectation: '10' },
  { code: '2000000000114', description: 'Azúcar Rubia a Granel (kg)', unit: 'KGM', price: '4.2', affectation: '10' },
  { code: '2000000000282', description: 'Huevos Rosados a Granel (kg)', unit: 'KGM', price: '8.9', affectation: '10' },
  { code: '2000000000350', description: 'Pan Francés (unidad)', unit: 'NIU', price: '0.2', affectation: '10' },
  // Fresh fruit and tubers are exonerated from IGV (Appendix I of the IGV law): affectation 20.
  { code: '2000000000428', description: 'Plátano de Seda (kg)', unit: 'KGM', price: '3.5', affectation: '20' },
  { code: '2000000000596', description: 'Papa Amarilla (kg)', unit: 'KGM', price: '4.5', affectation: '20' },
  // The plastic bag carries the ICBPER tax on top of its price.
  { code: '2000000000664', description: 'Bolsa Plástica', unit: 'NIU', price: '0.1', affectation: '10', bag: true },
];

/** Stores the demo products when the catalogue is empty (never touches an existing one). Returns how many were added. */
export function seedDemoProducts(products: ProductsRepository): number {
  if (products.count() > 0) return 0;
  return products.bulkUpsert(DEMO_PRODUCTS).inserted;
}
