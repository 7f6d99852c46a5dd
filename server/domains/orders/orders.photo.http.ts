import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../shared/rules/staff';
import type { AppDeps } from '../../deps';
import { createContext } from '../../trpc/context';
import { AppError, shopError, shopErrorBody } from '../../lib/errors';
import { OrderIdInput } from '../../../shared/schemas/orders';
import { DELIVERY_PHOTO } from '../../../shared/schemas/stops';
import { photoFile, uploadPhoto } from './orders.photo';

/**
 * Proof of delivery (decision 296): the rider's upload takes the raw picture as the body (the bytes
 * decide its type), so it lives in its own scope with a Buffer parser, as the catalogue's images; the
 * photo is read through a link signed for the order (orders.photo.ts).
 */
export async function registerDeliveryPhotos(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: DELIVERY_PHOTO.maxBytes * 2 }, (_req, body, done) => done(null, body));

  const fail = (reply: FastifyReply, req: FastifyRequest, e: unknown) => {
    const shaped = shopError(e);
    if (shaped.unexpected) req.log.error({ err: e }, 'delivery photo failed');
    return reply
      .code(shaped.status)
      .headers(shaped.headers)
      .header('cache-control', 'no-store')
      .send(shopErrorBody(shaped, String(req.id)));
  };
  scope.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .header('cache-control', 'no-store')
        .send({ message: 'The photo is larger than 5 MiB. Take it again and retry.', code: 'PAYLOAD_TOO_LARGE', requestId: req.id });
    }
    return fail(reply, req, err);
  });

  scope.post<{ Params: { id: string } }>('/api/rider/orders/:id/photo', async (req, reply) => {
    const ctx = await createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' });
    if (!ctx.user) {
      throw new AppError('UNAUTHORIZED', ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.');
    }
    if (!can(ctx.user.role, 'rider:deliver')) throw new AppError('FORBIDDEN', 'This is for riders only.');
    const parsed = OrderIdInput.safeParse({ id: req.params.id });
    if (!parsed.success) throw new AppError('NOT_FOUND', 'That stop was not found.');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const answer = await uploadPhoto(deps, ctx.user, parsed.data.id, body);
    return reply.code(201).header('cache-control', 'no-store').send(answer);
  });

  scope.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>('/api/orders/:id/delivery-photo.webp', async (req, reply) => {
    const parsed = OrderIdInput.safeParse({ id: req.params.id });
    const bytes = parsed.success ? await photoFile(deps, parsed.data.id, String(req.query.exp ?? ''), String(req.query.sig ?? '')) : null;
    if (!bytes) throw new AppError('NOT_FOUND', 'There is no photo at this address (its link may have expired: open the order again).');
    return reply
      .code(200)
      .type('image/webp')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
