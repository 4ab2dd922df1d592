// E-mail ownership (issue 23 item 1, docs/email.md): confirm a link, ask for another, change the
// address. The token is the link's fragment, posted by the workspace page: it never sits in a URL
// a server logs.
import { type Static, Type } from '@sinclair/typebox';
import { MessageSchema } from './common.js';
import { EMAIL_CONFIRM_OUTCOMES } from './constants/email-verification.js';
import { defineRoute } from './route.js';

export const EmailConfirmBodySchema = Type.Object({
  /** 43 base64url characters (32 random bytes); anything else is an invalid link. */
  token: Type.String({ minLength: 1, maxLength: 100 }),
});
export type EmailConfirmBody = Static<typeof EmailConfirmBodySchema>;

export const EmailConfirmResponseSchema = Type.Object({
  message: Type.String(),
  outcome: Type.Union(EMAIL_CONFIRM_OUTCOMES.map((o) => Type.Literal(o))),
});
export type EmailConfirmResponse = Static<typeof EmailConfirmResponseSchema>;

export const EmailChangeBodySchema = Type.Object({
  email: Type.String({
    format: 'email',
    maxLength: 254,
    errorMessage: 'Informe um email válido.',
  }),
});
export type EmailChangeBody = Static<typeof EmailChangeBodySchema>;

const tags = ['auth'];

export const EmailVerificationRoutes = {
  confirm: defineRoute({
    method: 'POST',
    url: '/auth/email/confirm',
    access: 'public',
    summary:
      "Confirm an e-mail with a link's token (single use, 24 h); 410 expired, 409 used, 400 invalid",
    tags,
    body: EmailConfirmBodySchema,
    response: { 200: EmailConfirmResponseSchema },
  }),
  resend: defineRoute({
    method: 'POST',
    url: '/auth/email/resend',
    access: 'user',
    summary: 'Send a new confirmation link to the account (limited per account and per address)',
    tags,
    response: { 200: MessageSchema },
  }),
  change: defineRoute({
    method: 'POST',
    url: '/auth/email/change',
    access: 'user',
    summary:
      'Change the e-mail: a link goes to the new address, the old one stays (and is told) until it is confirmed',
    tags,
    body: EmailChangeBodySchema,
    response: { 200: MessageSchema },
  }),
};
