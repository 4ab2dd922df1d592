import type {
  VaultDeleted,
  VaultLoginBody,
  VaultLoginResponse,
  VaultRecord,
  VaultRecordsPage,
} from '@pv/contracts';
import { VAULT_EXPORT_DEFAULT_LIMIT } from '@pv/contracts/constants';
import { api } from './base';

/** The console's filters: month 'YYYY-MM' or '' (every month), UF or 'all'. */
export interface VaultFilters {
  ym: string;
  uf: string;
}

function filterParams({ ym, uf }: VaultFilters, params = new URLSearchParams()) {
  if (ym) params.set('ym', ym);
  if (uf && uf !== 'all') params.set('uf', uf);
  return params;
}

/**
 * The transcript vault. Every records route also needs the vault session the
 * login sets (an httpOnly cookie), so a 401 from them means "locked again".
 */
export const vaultApi = api.injectEndpoints({
  endpoints: (build) => ({
    vaultLogin: build.mutation<VaultLoginResponse, VaultLoginBody>({
      query: (body) => ({ url: '/api/admin/transcript-vault/login', method: 'POST', body }),
      invalidatesTags: ['VaultRecords'],
    }),
    vaultRecords: build.query<VaultRecordsPage, VaultFilters & { page: number }>({
      query: ({ page, ...filters }) => {
        const params = filterParams(filters);
        params.set('page', String(page));
        return `/api/admin/transcript-vault/records?${params.toString()}`;
      },
      providesTags: ['VaultRecords'],
    }),
    vaultRecord: build.query<VaultRecord, string>({
      query: (id) => `/api/admin/transcript-vault/record/${id}`,
      providesTags: ['VaultRecords'],
    }),
    vaultDeleteRecord: build.mutation<VaultDeleted, string>({
      query: (id) => ({ url: `/api/admin/transcript-vault/record/${id}`, method: 'DELETE' }),
      invalidatesTags: ['VaultRecords'],
    }),
    vaultDeleteAll: build.mutation<VaultDeleted, void>({
      // Deleting everything sends confirm=true (after two confirmations in the UI).
      query: () => ({ url: '/api/admin/transcript-vault/records?confirm=true', method: 'DELETE' }),
      invalidatesTags: ['VaultRecords'],
    }),
    vaultExport: build.mutation<string, VaultFilters>({
      query: (filters) => {
        const params = new URLSearchParams({
          format: 'csv',
          limit: String(VAULT_EXPORT_DEFAULT_LIMIT),
        });
        return {
          url: `/api/admin/transcript-vault/export?${filterParams(filters, params).toString()}`,
          headers: { Accept: 'text/csv' },
          responseHandler: 'text',
        };
      },
    }),
  }),
});

export const {
  useVaultLoginMutation,
  useVaultRecordsQuery,
  useLazyVaultRecordQuery,
  useVaultDeleteRecordMutation,
  useVaultDeleteAllMutation,
  useVaultExportMutation,
} = vaultApi;
