import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { handleWebhook } from './payments.service';

export const WEBHOOK_PATH = '/api/payment/webhook';

/**
 * POST /api/payment/webhook in its own scope: the signature is an HMAC of the
 * exact bytes Razorpay sent, so this scope keeps the body as a Buffer instead
 * of parsing JSON. Being a static route it wins over the /api/* REST wildcard.
 */
export async function registerPaymentWebhook(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  scope.post(WEBHOOK_PATH, async (req, reply) => {
    const answer = await handleWebhook(deps, req.body as Buffer, req.headers);
    return reply
      .code(answer.status)
      .header('cache-control', 'no-store')
      .send({ ...answer.body, requestId: req.id });
  });
}
