import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { InvoiceListSchema } from '../../contract/invoices.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../platform/http/errors.ts';

/** The Unleash-shaped error body the portal answers with. */
const NotFoundBody = Type.Object(
  {
    name: Type.String(),
    message: Type.String(),
    details: Type.Array(Type.Object({ message: Type.String() })),
  },
  { additionalProperties: true },
);

export const NO_BILLING_PORTAL = 'A self-hosted instance has no billing portal: there is nothing to pay';

/**
 * Invoices (part 2 section 7; Unleash 4.2 has neither call, its hosted edition does): a self-hosted instance sends
 * no invoices, so the list is always empty and there is no billing portal to link to (a 404 saying so).
 */
export const invoiceRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app) => {
  app.get(
    '/api/admin/invoices',
    { config: { permission: 'ADMIN' }, schema: { response: { 200: InvoiceListSchema } } },
    async () => ({ invoices: [] }),
  );
  app.get(
    '/api/admin/invoices/portal',
    { config: { permission: 'ADMIN' }, schema: { response: { 404: NotFoundBody } } },
    async () => {
      throw notFound(NO_BILLING_PORTAL);
    },
  );
};
