import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import {
  WebhookDeliveriesInputSchema,
  WebhookDeliveryIdInputSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreateInputSchema,
  WebhookEndpointIdInputSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateInputSchema,
  WebhookEndpointWithSecretSchema,
} from '../../../shared/schemas/webhooks';
import * as webhooks from './webhooks.service';

const tags = ['admin', 'webhooks'];
const SCHEME =
  ' Each delivery is a POST of `{id, type, createdAt, data}` signed with the endpoint secret: headers `Hydro-Webhook-Id` (the event id, the same on every retry and on "send again": de-duplicate on it), `Hydro-Webhook-Event`, `Hydro-Webhook-Timestamp` (Unix seconds) and `Hydro-Webhook-Signature: v1=<hex HMAC-SHA256 of "{timestamp}.{raw body}">`. See docs/webhooks.md.';

export const webhooksRouter = router({
  list: staffProcedure('webhooks:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks',
        tags,
        summary: 'Webhook endpoints with their pending and failed deliveries, and the event types',
        protect: true,
      },
    })
    .input(z.void())
    .output(WebhookEndpointListSchema)
    .query(({ ctx }) => webhooks.listEndpoints(ctx.deps)),

  create: staffProcedure('webhooks:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks',
        tags,
        summary: 'Register a webhook endpoint; the answer holds its signing secret, shown this once (audited)',
        description: `The URL must be https in production and must not resolve to a loopback, private, link-local, multicast or unspecified address (checked again at every delivery).${SCHEME}`,
        protect: true,
      },
    })
    .input(WebhookEndpointCreateInputSchema)
    .output(WebhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => webhooks.createEndpoint(ctx.deps, ctx.user, input)),

  update: staffProcedure('webhooks:manage')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/webhooks/{id}',
        tags,
        summary: 'Change an endpoint: URL, description, events; active false disables it (audited)',
        protect: true,
      },
    })
    .input(WebhookEndpointUpdateInputSchema)
    .output(WebhookEndpointSchema)
    .mutation(({ ctx, input }) => webhooks.updateEndpoint(ctx.deps, ctx.user, input)),

  rotateSecret: staffProcedure('webhooks:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/{id}/rotate-secret',
        tags,
        summary: 'Replace the signing secret; the new one is in the answer, shown this once, and the old one stops at once (audited)',
        protect: true,
      },
    })
    .input(WebhookEndpointIdInputSchema)
    .output(WebhookEndpointWithSecretSchema)
    .mutation(({ ctx, input }) => webhooks.rotateSecret(ctx.deps, ctx.user, input.id)),

  deliveries: staffProcedure('webhooks:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/webhooks/deliveries',
        tags,
        summary:
          'The delivery log, newest first: status, attempts, last error, response code; filter by endpoint and status (X-Total-Count)',
        protect: true,
      },
    })
    .input(WebhookDeliveriesInputSchema)
    .output(WebhookDeliveryPageSchema)
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx.deps, input, ctx.resHeaders)),

  resend: staffProcedure('webhooks:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/webhooks/deliveries/{id}/resend',
        tags,
        summary: 'Send a delivered or failed event again, with the same event id and body (audited)',
        protect: true,
      },
    })
    .input(WebhookDeliveryIdInputSchema)
    .output(WebhookDeliverySchema)
    .mutation(({ ctx, input }) => webhooks.resendDelivery(ctx.deps, ctx.user, input.id)),
});
