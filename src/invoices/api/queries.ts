/** Invoices: the list and, when there are invoices, the billing portal's link. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '../../../contract/invoices';
import { api } from '../../shared/api/client';

export const invoicesQuery = queryOptions({
  queryKey: ['invoices'] as const,
  queryFn: async () => (await api.get<{ invoices: Invoice[] }>('api/admin/invoices')).invoices,
  meta: { inlineErrors: true },
});

/** Asked only by admins (the page needs instance admin). */
export function useInvoices(enabled: boolean) {
  return useQuery({ ...invoicesQuery, enabled });
}

/** GET api/admin/invoices/portal: the billing portal's address (a hosted server's; a self-hosted one has none). */
export function useBillingPortal(enabled: boolean) {
  return useQuery({
    queryKey: ['invoices', 'portal'] as const,
    queryFn: async () => (await api.get<{ url?: string }>('api/admin/invoices/portal')).url,
    meta: { inlineErrors: true },
    retry: false,
    enabled,
  });
}
