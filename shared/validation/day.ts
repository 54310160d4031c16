// The one schema of a calendar day crossing the bridge (filters, exports): ISO on the wire, with a message that
// speaks of the form the person typed (dd/mm/aaaa, see shared/catalog/day-text.ts).
import { z } from 'zod';
import { isIsoDate } from '../catalog/lima-time';

export const DAY_FORMAT_MESSAGE = 'Fecha no válida: escríbala como dd/mm/aaaa';

export const IsoDaySchema = z.string().refine((text) => isIsoDate(text), { error: DAY_FORMAT_MESSAGE });
