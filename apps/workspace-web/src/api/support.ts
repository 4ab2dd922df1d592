import type { CreateTicketBody, SupportTicket } from '@pv/contracts';
import { api } from './base';

/** The public support form (support service). */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTicket: build.mutation<SupportTicket, CreateTicketBody>({
      query: (body) => ({ url: '/api/support/create-ticket', method: 'POST', body }),
    }),
  }),
});

export const { useCreateTicketMutation } = supportApi;
