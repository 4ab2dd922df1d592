import type { MessageBody } from '@pv/contracts';
import { api } from './base';

/** A custom template of the signed-in user, as GET /api/user-templates lists it. */
export interface UserTemplate {
  id: string;
  name: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface UserTemplateInput {
  name: string;
  content: string;
}

/**
 * The user's own custom templates (/api/user-templates, served by the formatting service).
 * The user area manages them; the workspace's template picker reads `useGetUserTemplatesQuery`.
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserTemplates: build.query<UserTemplate[], void>({
      query: () => '/api/user-templates',
      providesTags: ['UserTemplates'],
    }),
    createUserTemplate: build.mutation<UserTemplate, UserTemplateInput>({
      query: (body) => ({ url: '/api/user-templates', method: 'POST', body }),
      invalidatesTags: ['UserTemplates'],
    }),
    updateUserTemplate: build.mutation<UserTemplate, UserTemplateInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/user-templates/${id}`, method: 'PUT', body }),
      invalidatesTags: ['UserTemplates'],
    }),
    deleteUserTemplate: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/api/user-templates/${id}`, method: 'DELETE' }),
      invalidatesTags: ['UserTemplates'],
    }),
  }),
});

export const {
  useGetUserTemplatesQuery,
  useCreateUserTemplateMutation,
  useUpdateUserTemplateMutation,
  useDeleteUserTemplateMutation,
} = accountApi;
