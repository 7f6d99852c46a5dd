import type { ApiKeyScope } from '../../shared/schemas/api-keys';

/**
 * What an API key may call: each listed procedure (tRPC path) with the scope it needs. Anything not
 * listed — the customer's own routes, the admin's account tools, API keys themselves — answers 403 to
 * a key. A test checks that every name here is a procedure of the router.
 */
export const API_KEY_PROCEDURES: Readonly<Record<string, ApiKeyScope>> = {
  'adminOrders.list': 'orders:read',
  'adminOrders.get': 'orders:read',
  'adminOrders.setStatus': 'orders:write',
  'adminOrders.cancel': 'orders:write',
  'adminOrders.refund': 'orders:write',
  'adminOrders.markPaid': 'orders:write',
  'adminCatalogue.shakes': 'catalogue:read',
  'adminCatalogue.ingredients': 'catalogue:read',
  'adminCatalogue.pricing': 'catalogue:read',
  'adminCatalogue.createShake': 'catalogue:write',
  'adminCatalogue.updateShake': 'catalogue:write',
  'adminCatalogue.reorderShakes': 'catalogue:write',
  'adminCatalogue.createIngredient': 'catalogue:write',
  'adminCatalogue.updateIngredient': 'catalogue:write',
  'adminCatalogue.reorderIngredients': 'catalogue:write',
  'adminCatalogue.savePricing': 'catalogue:write',
  'admin.customers': 'customers:read',
  'admin.customer': 'customers:read',
  'delivery.admin.overview': 'delivery:read',
  'delivery.admin.pincodes': 'delivery:read',
  'subscriptions.adminList': 'subscriptions:read',
  'subscriptions.adminDetail': 'subscriptions:read',
  'subscriptions.adminPlans': 'subscriptions:read',
};

export function scopeFor(path: string): ApiKeyScope | undefined {
  return Object.prototype.hasOwnProperty.call(API_KEY_PROCEDURES, path) ? API_KEY_PROCEDURES[path] : undefined;
}
