import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure, publicProcedure, staffProcedure } from '../../trpc/procedures';
import {
  AccountDeleteAnswerSchema,
  AccountDeleteInputSchema,
  ConsentsSchema,
  DataAccessSchema,
  IncidentIdInputSchema,
  IncidentInputSchema,
  IncidentSchema,
  IncidentsSchema,
  IncidentToldSchema,
  PrivacyRequestsSchema,
  RevealAnswerSchema,
  RevealInputSchema,
  DataExportSchema,
  GrievanceAnsweredSchema,
  GrievanceAnswerInputSchema,
  GrievanceAskedSchema,
  GrievanceInputSchema,
  GrievancesSchema,
  PrivacyNoticeSchema,
  PutConsentsInputSchema,
} from '../../../shared/schemas/privacy';
import * as consents from './consents.service';
import * as privacy from './privacy.service';
import * as exports from './export.service';
import * as deletion from './deletion.service';
import * as access from './access.service';
import * as owner from './admin-privacy.service';
import * as grievances from './grievance.service';

export const privacyRouter = router({
  notice: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/privacy/notice',
        tags: ['privacy'],
        summary:
          'The privacy notice (what is kept, why, for which service, how long), its version, the grievance officer and the answer time',
        protect: false,
      },
    })
    .input(z.void())
    .output(PrivacyNoticeSchema)
    .query(({ ctx }) => privacy.notice(ctx.deps)),

  consents: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/consents',
        tags: ['user'],
        summary:
          'The signed-in person’s consents (account, whatsapp, marketing): state, notice version, time and channel, and every change',
        protect: true,
      },
    })
    .input(z.void())
    .output(ConsentsSchema)
    .query(({ ctx }) => consents.getConsents(ctx.deps, ctx.user.id)),

  updateConsents: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/user/consents',
        tags: ['user'],
        summary:
          'Give or withdraw consents on the current notice version (whatsapp, marketing; account: true only — withdrawn by deleting the account); effective at once',
        protect: true,
      },
    })
    .input(PutConsentsInputSchema)
    .output(ConsentsSchema)
    .mutation(({ ctx, input }) => consents.putConsents(ctx.deps, ctx.user.id, input)),

  dataExport: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/data-export',
        tags: ['user'],
        summary:
          'The signed-in person’s data export: none, queued, ready (downloadPath: a ZIP of JSON files, one per table, with a README, offered 24 hours) or expired',
        protect: true,
      },
    })
    .input(z.void())
    .output(DataExportSchema)
    .query(({ ctx }) => exports.status(ctx.deps, ctx.user.id)),

  requestDataExport: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/data-export',
        tags: ['user'],
        summary:
          'Ask for a data export: built by a job, the person is told when it is ready (one at a time, 3 a day; 429 with Retry-After past that)',
        protect: true,
      },
    })
    .input(z.void())
    .output(DataExportSchema)
    .mutation(({ ctx }) => exports.request(ctx.deps, ctx.user.id)),

  deleteAccount: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/account/delete',
        tags: ['user'],
        summary:
          'Delete the account, confirmed with the password or a fresh sign-in code: open orders cancelled and refunded, standing deliveries ended, the wallet refunded once, the person told; sign-in ends and the e-mail and number are free at once; personal details erased by a job once nothing is left to deliver',
        protect: true,
      },
    })
    .input(AccountDeleteInputSchema)
    .output(AccountDeleteAnswerSchema)
    .mutation(({ ctx, input }) => deletion.deleteAccount(ctx.deps, ctx.user, input, ctx.req)),

  dataAccess: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/data-access',
        tags: ['user'],
        summary:
          'Who at the shop opened the signed-in person’s personal data (their number or e-mail), when and from which screen; the last 50 times',
        protect: true,
      },
    })
    .input(z.void())
    .output(DataAccessSchema)
    .query(({ ctx }) => access.dataAccess(ctx.deps, ctx.user.id)),

  grievances: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/user/privacy/grievances',
        tags: ['user'],
        summary: 'The signed-in person’s complaints to the grievance officer, newest first: open (with the date the answer is due by), answered (with the answer) or closed',
        protect: true,
      },
    })
    .input(z.void())
    .output(GrievancesSchema)
    .query(({ ctx }) => grievances.mine(ctx.deps, ctx.user.id)),

  askGrievance: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/user/privacy/grievances',
        tags: ['user'],
        summary:
          'Complain to the grievance officer about how the shop handles your personal data (subject, details): acknowledged through your messages with the date it is answered by (5 a day; 429 with Retry-After past that)',
        protect: true,
      },
    })
    .input(GrievanceInputSchema)
    .output(GrievanceAskedSchema)
    .mutation(({ ctx, input }) => grievances.ask(ctx.deps, ctx.user, input)),

  answerGrievance: staffProcedure('privacy:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/privacy/grievances/{id}/answer',
        tags: ['admin'],
        summary:
          'Answer a grievance: it is closed and the answer goes to the person through their messages, once (a second answer is refused with 409); audited',
        protect: true,
      },
    })
    .input(GrievanceAnswerInputSchema)
    .output(GrievanceAnsweredSchema)
    .mutation(({ ctx, input }) => grievances.answer(ctx.deps, ctx.user, input)),

  reveal: staffProcedure('customers:read')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/customers/{id}/reveal',
        tags: ['admin'],
        summary:
          'Show a customer’s full mobile number, e-mail or one saved address (field address with addressId; the back office shows them masked): answered only with an access-log entry — who, whose, what, when, from which screen — that the customer sees too',
        protect: true,
      },
    })
    .input(RevealInputSchema)
    .output(RevealAnswerSchema)
    .mutation(({ ctx, input }) => access.reveal(ctx.deps, ctx.user, input)),

  requests: staffProcedure('privacy:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/privacy/requests',
        tags: ['admin'],
        summary: 'The people’s data requests (exports, account deletions, unused accounts closed, grievances with what they wrote and the answer), newest first, with their state and the date each is due by',
        protect: true,
      },
    })
    .input(z.void())
    .output(PrivacyRequestsSchema)
    .query(({ ctx }) => owner.listRequests(ctx.deps)),

  incidents: staffProcedure('privacy:manage')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/privacy/incidents',
        tags: ['admin'],
        summary: 'Personal-data breaches recorded, newest first: who is affected and told, the 72-hour deadline for the Board and the report drafted for it',
        protect: true,
      },
    })
    .input(z.void())
    .output(IncidentsSchema)
    .query(({ ctx }) => owner.listIncidents(ctx.deps)),

  recordIncident: staffProcedure('privacy:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/privacy/incidents',
        tags: ['admin'],
        summary: 'Record a personal-data breach: what happened, which data, when it happened and was discovered, the likely impact, the measures, and who is affected (audited)',
        protect: true,
      },
    })
    .input(IncidentInputSchema)
    .output(IncidentSchema)
    .mutation(({ ctx, input }) => owner.recordIncident(ctx.deps, ctx.user, input)),

  tellIncident: staffProcedure('privacy:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/privacy/incidents/{id}/tell',
        tags: ['admin'],
        summary: 'Tell each affected person not yet told, through their messages (inbox, e-mail, SMS): once per person, whatever the repeats (audited)',
        protect: true,
      },
    })
    .input(IncidentIdInputSchema)
    .output(IncidentToldSchema)
    .mutation(({ ctx, input }) => owner.tellPeople(ctx.deps, ctx.user, input.id)),

  incidentReported: staffProcedure('privacy:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/privacy/incidents/{id}/reported',
        tags: ['admin'],
        summary: 'Record that the report was sent to the Data Protection Board (audited)',
        protect: true,
      },
    })
    .input(IncidentIdInputSchema)
    .output(IncidentSchema)
    .mutation(({ ctx, input }) => owner.markReported(ctx.deps, ctx.user, input.id)),
});
