/** The seller on every tax invoice (intra-state supply from Karnataka). */
export const SELLER = {
  name: 'Hydro Shakes',
  legalName: 'Hydro Shakes Farms Pvt Ltd',
  lines: ['No. 42, 2nd Main Road, Domlur Layout', 'Bengaluru, Karnataka 560071'],
  gstin: '29ABCDE1234F1Z5',
  fssai: '11226999000123',
  state: 'Karnataka',
  stateCode: '29',
  phone: '+91 80 4567 8900',
  email: 'hello@hydroshakes.in',
} as const;

/** HSN of the shakes (non-alcoholic beverages) and the SAC of the delivery that comes with them. */
export const HSN_SHAKES = '2202';
export const SAC_DELIVERY = '9968';
