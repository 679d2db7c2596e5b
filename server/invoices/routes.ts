import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InvoiceListSchema } from '../../contract/invoices.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Invoices (Unleash 4.2 has neither call, its hosted edition does): a self-hosted instance sends
 * no invoices, so the list is always empty, and there is no billing portal: `api/admin/invoices/portal` is not a
 * route here (the usual 404).
 */
export const invoiceRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app) => {
  app.get(
    '/api/admin/invoices',
    { config: { permission: 'ADMIN' }, schema: { response: { 200: InvoiceListSchema } } },
    async () => ({ invoices: [] }),
  );
};
