import type { Job } from './jobs';
import { kickMail } from './mail';
import { kickPush } from './push';
import { kickSms } from './sms';
import { kickWhatsApp } from './whatsapp';

/**
 * The outboxes' background rounds (decision 210): retries and anything a crash left behind. A message
 * is first tried by the kick after its transaction's commit (a direct call, not a queue job: it costs
 * no round trip and no wait for a worker's poll); these rounds pick up the rest. A round joins a kick
 * already running in this process (rounds never overlap in one process; across instances the rows
 * are claimed with SKIP LOCKED).
 */
export const outboxJobs: Job[] = [
  { name: 'outbox-mail', cron: '* * * * *', everySeconds: 10, run: (deps) => kickMail(deps) },
  { name: 'outbox-sms', cron: '* * * * *', everySeconds: 10, run: (deps) => kickSms(deps) },
  { name: 'outbox-whatsapp', cron: '* * * * *', everySeconds: 10, run: (deps) => kickWhatsApp(deps) },
  { name: 'outbox-push', cron: '* * * * *', everySeconds: 10, run: (deps) => kickPush(deps) },
];
