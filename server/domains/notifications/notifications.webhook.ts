import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { handleWhatsAppWebhook, verifySubscription } from './notifications.service';

export const WHATSAPP_WEBHOOK_PATH = '/api/notifications/whatsapp/webhook';

/**
 * Meta's WhatsApp webhook in its own scope, like Razorpay's (payments.webhook.ts): the signature is an
 * HMAC of the exact bytes Meta sent, so this scope keeps the body as a Buffer. GET is the handshake.
 */
export async function registerWhatsAppWebhook(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  scope.get(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
    const answer = verifySubscription(deps, req.query as Record<string, unknown>);
    return reply.code(answer.status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(answer.body);
  });
  scope.post(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
    const answer = await handleWhatsAppWebhook(deps, (req.body as Buffer | undefined) ?? Buffer.alloc(0), req.headers);
    return reply
      .code(answer.status)
      .header('cache-control', 'no-store')
      .send({ ...answer.body, requestId: req.id });
  });
}
