import type { Generated } from 'kysely';
import type { Json } from './foundation';

export type WebhookDeliveryStatusColumn = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  description: Generated<string>;
  events: string[];
  active: Generated<boolean>;
  /** The signing secret: kept as is because the server signs with it (never shown again after create/rotate). */
  secret: string;
  secret_rotated_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  type: string;
  data: Json;
  created_at: Generated<string>;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: string;
  endpoint_id: string;
  status: Generated<WebhookDeliveryStatusColumn>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_error: string | null;
  response_status: number | null;
  delivered_at: string | null;
  created_at: Generated<string>;
}

export interface WebhooksTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
