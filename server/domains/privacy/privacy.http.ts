import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { createContext } from '../../trpc/context';
import { AppError, shopError, shopErrorBody } from '../../lib/errors';
import * as exports from './export.service';

/**
 * The answer that is a file: the data export's ZIP. A plain Fastify route (more specific than the
 * REST catch-all), with the same bearer-token check as every procedure; never cached anywhere.
 */
export async function registerPrivacyFiles(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/user/data-export/file', async (req, reply) => {
    try {
      const ctx = await createContext(deps, { id: String(req.id), ip: req.ip, headers: req.headers, via: 'rest' });
      if (!ctx.user || ctx.apiKey) {
        throw new AppError('UNAUTHORIZED', ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.');
      }
      const { zip, readyAt } = await exports.file(deps, ctx.user.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="hydro-shakes-my-data-${readyAt.slice(0, 10)}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(zip);
    } catch (e) {
      const shaped = shopError(e);
      if (shaped.unexpected) req.log.error({ err: e }, 'data export file failed');
      return reply.code(shaped.status).headers(shaped.headers).header('cache-control', 'no-store').send(shopErrorBody(shaped, String(req.id)));
    }
  });
}
