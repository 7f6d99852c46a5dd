import { z } from 'zod';

/** The states of a job's run in the queue (pg-boss): waiting, waiting to be tried again, running, done, given up, cancelled. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** What /admin/jobs lists by default: what is waiting, running, or needs a look. */
export const JOB_STATE_FILTERS = ['open', ...JOB_STATES, 'all'] as const;

export const JobsListInputSchema = z.object({
  state: z
    .enum(JOB_STATE_FILTERS, { error: 'state is one of open, created, retry, active, completed, failed, cancelled or all' })
    .default('open'),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(25),
});
export type JobsListInput = z.infer<typeof JobsListInputSchema>;

export const JobRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Times it was started (the first try and the tries again). */
  attempts: z.number().int(),
  /** Tries it may have in all before it is given up. */
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** When a waiting run is due (its next try, for one waiting to be tried again); null once it ran. */
  nextRunAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRunSchema>;

export const JobScheduleSchema = z.object({
  name: z.string(),
  cron: z.string(),
  timezone: z.string(),
  lastRunAt: z.string().nullable(),
  nextRunAt: z.string().nullable(),
});
export type JobSchedule = z.infer<typeof JobScheduleSchema>;

export const JobsPageSchema = z.object({
  jobs: z.array(JobRunSchema),
  totalCount: z.number().int(),
  /** Runs per state now (every job). */
  counts: z.object({ created: z.number().int(), retry: z.number().int(), active: z.number().int(), failed: z.number().int() }),
  schedules: z.array(JobScheduleSchema),
});
export type JobsPage = z.infer<typeof JobsPageSchema>;

export const JobIdInputSchema = z.object({ id: z.uuid({ error: 'id is a job id (a UUID)' }) });

export const JobRetryAnswerSchema = z.object({ job: JobRunSchema });
