import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure, publicProcedure } from '../../trpc/procedures';
import {
  AuthAnswerSchema,
  ChangePasswordInputSchema,
  MeAnswerSchema,
  MessageAnswerSchema,
  AcceptInvitationAnswerSchema,
  AcceptInvitationInputSchema,
  InvitationInputSchema,
  InvitationSchema,
  OtpRequestInputSchema,
  OtpSentAnswerSchema,
  OtpSigninAnswerSchema,
  OtpSigninRequestInputSchema,
  OtpVerifyInputSchema,
  VerifyEmailAnswerSchema,
  VerifyEmailConfirmInputSchema,
  VerifyEmailRequestInputSchema,
  ProfilePatchSchema,
  RefreshInputSchema,
  ResetCompleteInputSchema,
  ResetRequestInputSchema,
  SigninInputSchema,
  SignupAnswerSchema,
  SignupInputSchema,
  SupabaseExchangeInputSchema,
} from '../../../shared/schemas/auth';
import * as auth from './auth.service';
import * as users from '../users/users.service';
import * as otp from './otp.service';
import * as emailVerification from './email-verification.service';
import * as invitations from './invitations.service';

const tags = ['auth'];

export const authRouter = router({
  signup: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/signup',
        tags,
        summary: 'Create an account (email, password, username, name, mobile)',
        protect: false,
      },
    })
    .input(SignupInputSchema)
    .output(SignupAnswerSchema)
    .mutation(({ ctx, input }) => auth.signup(ctx.deps, input, ctx.req)),

  signin: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/signin', tags, summary: 'Sign in with e-mail and password', protect: false } })
    .input(SigninInputSchema)
    .output(AuthAnswerSchema)
    .mutation(({ ctx, input }) => auth.signin(ctx.deps, input, ctx.req)),

  otpRequest: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/otp/request',
        tags,
        summary:
          'Send a 6-digit sign-in code by SMS (the same answer for every number; 30 s between codes); return_to: the page to come back to (a path on this site, else ignored)',
        protect: false,
      },
    })
    .input(OtpSigninRequestInputSchema)
    .output(OtpSentAnswerSchema)
    .mutation(({ ctx, input }) => otp.requestCode(ctx.deps, input.mobile, ctx.req, 'signin', null, input.return_to ?? null)),

  otpVerify: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/otp/verify',
        tags,
        summary:
          'Sign in with the SMS code (3 tries, 5 minutes); a new number gets a new account (name asked next); return_to: the page the sign-in started from, or null',
        protect: false,
      },
    })
    .input(OtpVerifyInputSchema)
    .output(OtpSigninAnswerSchema)
    .mutation(({ ctx, input }) => otp.verifyCode(ctx.deps, input.mobile, input.code, ctx.req)),

  mobileRequest: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/mobile/request',
        tags,
        summary: 'Add or change your mobile number: send a code to the new number',
        protect: true,
      },
    })
    .input(OtpRequestInputSchema)
    .output(OtpSentAnswerSchema)
    .mutation(({ ctx, input }) => otp.requestChange(ctx.deps, ctx.user.id, input.mobile, ctx.req)),

  mobileVerify: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/mobile/verify',
        tags,
        summary: 'Confirm the new number with its code; it becomes your verified number',
        protect: true,
      },
    })
    .input(OtpVerifyInputSchema)
    .output(MeAnswerSchema)
    .mutation(({ ctx, input }) => otp.verifyChange(ctx.deps, ctx.user.id, input.mobile, input.code, ctx.req)),

  verifyEmailRequest: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/verify-email/request',
        tags,
        summary: 'E-mail a verification link: to your address again, or to a new address (it becomes yours when opened); 3 an hour',
        protect: true,
      },
    })
    .input(VerifyEmailRequestInputSchema)
    .output(VerifyEmailAnswerSchema)
    .mutation(({ ctx, input }) => emailVerification.requestLink(ctx.deps, ctx.user.id, input, ctx.req)),

  verifyEmailConfirm: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/verify-email/confirm',
        tags,
        summary: 'Confirm an e-mail address with the token of its link (once, 24 hours)',
        protect: false,
      },
    })
    .input(VerifyEmailConfirmInputSchema)
    .output(VerifyEmailAnswerSchema)
    .mutation(({ ctx, input }) => emailVerification.confirmLink(ctx.deps, input.token, ctx.req)),

  me: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/me', tags, summary: 'The signed-in user (validates an access token)', protect: true } })
    .input(z.void())
    .output(MeAnswerSchema)
    .query(({ ctx }) => auth.me(ctx.deps, ctx.user.id, ctx.req)),

  signout: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/signout',
        tags,
        summary: 'End the session of the bearer token (and of refresh_token, when given)',
        protect: false,
      },
    })
    .input(RefreshInputSchema)
    .output(MessageAnswerSchema)
    .mutation(({ ctx, input }) => auth.signout(ctx.deps, input?.refresh_token, ctx.req)),

  refresh: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/refresh',
        tags,
        summary: 'Exchange a refresh token (bearer or body) for new tokens; the old one stops working',
        protect: false,
      },
    })
    .input(RefreshInputSchema)
    .output(AuthAnswerSchema)
    .mutation(({ ctx, input }) => auth.refresh(ctx.deps, input?.refresh_token, ctx.req)),

  updateProfile: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/auth/profile',
        tags,
        summary: 'Change name, username or mobile; answers the user',
        protect: true,
      },
    })
    .input(ProfilePatchSchema)
    .output(MeAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await users.updateProfile(ctx.deps, ctx.user.id, input);
      return { user: await auth.sessionUser(ctx.deps, ctx.user.id) };
    }),

  resetPasswordBrevo: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password-brevo',
        tags,
        summary: 'Send a reset link through Brevo (503 when Brevo is not configured: use /auth/reset-password)',
        protect: false,
      },
    })
    .input(ResetRequestInputSchema)
    .output(MessageAnswerSchema)
    .mutation(({ ctx, input }) => auth.requestReset(ctx.deps, input.email, ctx.req, true)),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password',
        tags,
        summary: 'Send a reset link (through the mail outbox)',
        protect: false,
      },
    })
    .input(ResetRequestInputSchema)
    .output(MessageAnswerSchema)
    .mutation(({ ctx, input }) => auth.requestReset(ctx.deps, input.email, ctx.req, false)),

  invitation: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/invitation',
        tags,
        summary:
          "What a staff invitation's link is for: the role, the shop, the invited e-mail and number, its first screen (the token in the body keeps it out of logs); an expired or used one says so and who to ask",
        protect: false,
      },
    })
    .input(InvitationInputSchema)
    .output(InvitationSchema)
    .mutation(({ ctx, input }) => invitations.preview(ctx.deps, input.token, ctx.req)),

  acceptInvitation: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/invitation/accept',
        tags,
        summary: "Join the team: set the first password with the invitation's token and sign in; answers the role's first screen (landing)",
        protect: false,
      },
    })
    .input(AcceptInvitationInputSchema)
    .output(AcceptInvitationAnswerSchema)
    .mutation(({ ctx, input }) => invitations.accept(ctx.deps, input, ctx.req)),

  completeReset: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/reset-password/complete',
        tags,
        summary: 'Set a new password with the e-mailed token; ends every session and signs in',
        protect: false,
      },
    })
    .input(ResetCompleteInputSchema)
    .output(AuthAnswerSchema)
    .mutation(({ ctx, input }) => auth.completeReset(ctx.deps, input, ctx.req)),

  changePassword: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password',
        tags,
        summary: 'Change the password (current one required when set); other sessions end',
        protect: true,
      },
    })
    .input(ChangePasswordInputSchema)
    .output(MessageAnswerSchema)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.deps, ctx.user.id, input, ctx.req)),

  supabase: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/supabase',
        tags,
        summary: "Exchange a verified Supabase (Google) access token for the shop's tokens",
        protect: false,
      },
    })
    .input(SupabaseExchangeInputSchema)
    .output(AuthAnswerSchema)
    .mutation(({ ctx, input }) => auth.exchangeSupabase(ctx.deps, input.access_token, ctx.req)),
});
