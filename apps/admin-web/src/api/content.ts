import type { MessageBody } from '@pv/contracts';
import { api } from './base';

/**
 * The six admin content lists share one create/read/update/delete shape across three
 * services (formatting: templates, medical terms, system instructions, AI templates; auth: terms
 * versions; analytics: marketing messages), so one set of endpoints serves them all, keyed by the
 * list's path. Each list's item and body types are fixed by its `ContentListDefinition`.
 */
export const CONTENT_PATHS = [
  '/api/admin/templates',
  '/api/ai-templates',
  '/api/admin/medical-terms',
  '/api/admin/system-instructions',
  '/api/admin/terms',
  '/api/admin/marketing-messages',
] as const;
export type ContentPath = (typeof CONTENT_PATHS)[number];

export interface ContentItem {
  id: string;
}

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContent: build.query<ContentItem[], ContentPath>({
      query: (path) => path,
      providesTags: (_result, _error, path) => [{ type: 'Content', id: path }],
    }),
    createContent: build.mutation<ContentItem, { path: ContentPath; body: object }>({
      query: ({ path, body }) => ({ url: path, method: 'POST', body }),
      invalidatesTags: (_result, _error, { path }) => [{ type: 'Content', id: path }],
    }),
    updateContent: build.mutation<ContentItem, { path: ContentPath; id: string; body: object }>({
      query: ({ path, id, body }) => ({ url: `${path}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { path }) => [{ type: 'Content', id: path }],
    }),
    deleteContent: build.mutation<MessageBody, { path: ContentPath; id: string }>({
      query: ({ path, id }) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { path }) => [{ type: 'Content', id: path }],
    }),
  }),
});

export const {
  useListContentQuery,
  useCreateContentMutation,
  useUpdateContentMutation,
  useDeleteContentMutation,
} = contentApi;
