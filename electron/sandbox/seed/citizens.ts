// Fictional citizens for the DNI lookup (operation 2). Names, numbers and addresses are invented.
import type { Citizen } from '../../../shared/api';

interface Place {
  departamento: string;
  provincia: string;
  distrito: string;
  ubigeoTax: string;
  ubigeoRegistry: string;
}

const LIMA: Place = { departamento: 'LIMA', provincia: 'LIMA', distrito: 'LIMA', ubigeoTax: '150101', ubigeoRegistry: '140101' };
const MIRAFLORES: Place = { ...LIMA, distrito: 'MIRAFLORES', ubigeoTax: '150122', ubigeoRegistry: '140121' };
const AREQUIPA: Place = { departamento: 'AREQUIPA', provincia: 'AREQUIPA', distrito: 'AREQUIPA', ubigeoTax: '040101', ubigeoRegistry: '040101' };
const CUSCO: Place = { departamento: 'CUSCO', provincia: 'CUSCO', distrito: 'CUSCO', ubigeoTax: '080101', ubigeoRegistry: '070101' };
const TRUJILLO: Place = { departamento: 'LA LIBERTAD', provincia: 'TRUJILLO', distrito: 'TRUJILLO', ubigeoTax: '130101', ubigeoRegistry: '120101' };
const PIURA: Place = { departamento: 'PIURA', provincia: 'PIURA', distrito: 'PIURA', ubigeoTax: '200101', ubigeoRegistry: '190101' };
const HUANCAYO: Place = { departamento: 'JUNIN', provincia: 'HUANCAYO', distrito: 'HUANCAYO', ubigeoTax: '120101', ubigeoRegistry: '110101' };
const CHICLAYO: Place = { departamento: 'LAMBAYEQUE', provincia: 'CHICLAYO', distrito: 'CHICLAYO', ubigeoTax: '140101', ubigeoRegistry: '130101' };

function citizen(
  numero: string,
  nombres: string,
  paterno: string,
  materno: string,
  direccion: string,
  place: Place,
  fechaNacimiento: string,
  sexo: string,
): Citizen {
  const code = place.ubigeoTax;
  return {
    numero,
    nombres,
    apellido_paterno: paterno,
    apellido_materno: materno,
    nombre_completo: `${paterno} ${materno}, ${nombres}`,
    departamento: place.departamento,
    provincia: place.provincia,
    distrito: place.distrito,
    direccion,
    direccion_completa: `${direccion}, ${place.departamento} - ${place.provincia} - ${place.distrito}`,
    ubigeo_registry: place.ubigeoRegistry,
    ubigeo_tax: code,
    ubigeo: [code.slice(0, 2), code.slice(0, 4), code],
    fecha_nacimiento: fechaNacimiento,
    sexo,
  };
}

export const SEED_CITIZENS: Citizen[] = [
  citizen('10000001', 'ROSA ELENA', 'QUISPE', 'HUAMAN', 'AV. LOS PINOS 123', LIMA, '14/03/1985', 'FEMENINO'),
  citizen('10000002', 'JUAN CARLOS', 'MAMANI', 'CONDORI', 'JR. LAS GARDENIAS 456 DPTO. 2', MIRAFLORES, '02/11/1979', 'MASCULINO'),
  citizen('10000003', 'MARIA DEL PILAR', 'FLORES', 'RAMOS', 'CALLE MERCADERES 78', AREQUIPA, '', ''),
  citizen('10000004', 'LUIS ALBERTO', 'TORRES', 'VARGAS', 'AV. EL SOL 910', CUSCO, '23/07/1992', 'MASCULINO'),
  citizen('10000005', 'CARMEN ROSA', 'CHAVEZ', 'DIAZ', 'MZ. B LT. 14 URB. LOS JARDINES', TRUJILLO, '30/01/1968', ''),
  citizen('10000006', 'PEDRO PABLO', 'SANCHEZ', 'CASTILLO', 'AV. GRAU 1550', PIURA, '', 'MASCULINO'),
  citizen('10000007', 'ANA LUCIA', 'ROJAS', 'MENDOZA', 'JR. REAL 321', HUANCAYO, '09/09/2001', 'FEMENINO'),
  citizen('10000008', 'JOSE MANUEL', 'GUTIERREZ', 'SALAZAR', 'CALLE SAN JOSE 88', CHICLAYO, '17/05/1988', 'MASCULINO'),
  citizen('10000009', 'LUZ MARINA', 'PAREDES', 'NUÑEZ', 'PSJE. LOS OLIVOS 12', LIMA, '', ''),
];
