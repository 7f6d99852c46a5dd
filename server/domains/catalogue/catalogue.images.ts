import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../../shared/rules/staff';
import type { AppDeps } from '../../deps';
import { createContext } from '../../trpc/context';
import { AppError, ERROR_CODES, HTTP_STATUS } from '../../lib/errors';
import { INTERNAL_MESSAGE } from '../../trpc/init';
import { IMAGE_UPLOAD } from '../../../shared/schemas/catalogue-admin';
import { IMAGE_URL_PREFIX, readImage, uploadImage } from './catalogue.admin.service';

export const IMAGE_UPLOAD_PATH = '/api/admin/images';

/**
 * Images: the upload takes the raw file as the body (any content type — the bytes decide), so it
 * lives in its own scope with a Buffer parser and a larger body limit than the JSON API, like the
 * payment webhook. Reading is public: content-addressed URLs, cached for a year.
 */
export async function registerCatalogueImages(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_UPLOAD.maxBytes * 2 }, (_req, body, done) => done(null, body));

  const send = (reply: FastifyReply, req: FastifyRequest, status: number, body: Record<string, unknown>) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ ...body, requestId: req.id });

  scope.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError)
      return send(reply, req, HTTP_STATUS[ERROR_CODES[err.appCode]], { message: err.message, code: err.appCode });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, req, 413, {
        message: 'The picture is larger than 5 MiB. Export a smaller one and try again.',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
    if (err.statusCode && err.statusCode < 500) return send(reply, req, err.statusCode, { message: err.message, code: 'BAD_REQUEST' });
    req.log.error({ err }, 'image route failed');
    return send(reply, req, 500, { message: INTERNAL_MESSAGE, code: 'INTERNAL' });
  });

  scope.post(IMAGE_UPLOAD_PATH, async (req, reply) => {
    const ctx = await createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' });
    if (!ctx.user) {
      throw new AppError(
        'UNAUTHORIZED',
        ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    if (!can(ctx.user.role, 'catalogue:write')) throw new AppError('FORBIDDEN', 'This area is for administrators only.');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const image = await uploadImage(deps, ctx.user, body);
    return reply.code(201).header('cache-control', 'no-store').send(image);
  });

  scope.get(`${IMAGE_URL_PREFIX}:file`, async (req, reply) => {
    const image = await readImage(deps, (req.params as { file: string }).file);
    if (!image) return send(reply, req, 404, { message: 'There is no image at this address.', code: 'NOT_FOUND' });
    return reply
      .code(200)
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
}
