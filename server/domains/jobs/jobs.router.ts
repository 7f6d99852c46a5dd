import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import { JobIdInputSchema, JobRetryAnswerSchema, JobsListInputSchema, JobsPageSchema } from '../../../shared/schemas/jobs';
import * as jobs from './jobs.service';

const tags = ['admin'];

/** The job engine's runs and schedules (decision 210), for the owner and managers. */
export const jobsRouter = router({
  list: staffProcedure('jobs:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/jobs',
        tags,
        summary:
          'Background job runs, newest first: by default those waiting, waiting to be tried again, running or failed (state=open); filter by state; with each schedule (cron, India time) and its last and next run (X-Total-Count)',
        protect: true,
      },
    })
    .input(JobsListInputSchema)
    .output(JobsPageSchema)
    .query(({ ctx, input }) => jobs.listJobs(ctx.deps, input, ctx.resHeaders)),

  retry: staffProcedure('jobs:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/jobs/{id}/retry',
        tags,
        summary: 'Try a failed job run again (one more try; audited). 404 for an unknown id, 409 when the run is not failed',
        protect: true,
      },
    })
    .input(JobIdInputSchema)
    .output(JobRetryAnswerSchema)
    .mutation(({ ctx, input }) => jobs.retryJob(ctx.deps, ctx.user, input.id)),
});
