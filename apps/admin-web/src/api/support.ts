import type { SupportTicket, TicketList, TicketListQuery, UpdateTicketBody } from '@pv/contracts';
import { api } from './base';

/** Support tickets of the console: the support service's admin routes. */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTickets: build.query<TicketList, TicketListQuery>({
      query: (filters) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(filters)) {
          if (value !== undefined && value !== '' && value !== 'all') {
            params.set(key, String(value));
          }
        }
        const qs = params.toString();
        return `/api/admin/support-tickets${qs ? `?${qs}` : ''}`;
      },
      providesTags: ['Tickets'],
    }),
    userTickets: build.query<SupportTicket[], string>({
      query: (userId) => `/api/admin/support-tickets/${userId}`,
      providesTags: ['Tickets'],
    }),
    /** One ticket in full: the list carries a 150-character preview; opening one is audited. */
    ticket: build.query<SupportTicket, string>({
      query: (id) => `/api/admin/support-tickets/${id}/details`,
      providesTags: ['Tickets'],
      // Each opening asks the service (and is recorded there); the whole message is not kept.
      keepUnusedDataFor: 0,
    }),
    updateTicket: build.mutation<SupportTicket, { id: string; body: UpdateTicketBody }>({
      query: ({ id, body }) => ({ url: `/api/admin/support-tickets/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Tickets'],
    }),
  }),
});

export const { useListTicketsQuery, useUserTicketsQuery, useTicketQuery, useUpdateTicketMutation } =
  supportApi;
