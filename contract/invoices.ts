import { Type, type Static } from 'typebox';

/** An invoice (`amountFomratted` is spelled so on the wire). A self-hosted instance has none. */
export const InvoiceSchema = Type.Object({
  amountFomratted: Type.String(),
  status: Type.String(),
  dueDate: Type.String(),
  invoicePDF: Type.String(),
  invoiceURL: Type.String(),
});
export type Invoice = Static<typeof InvoiceSchema>;

/** GET api/admin/invoices */
export const InvoiceListSchema = Type.Object({ invoices: Type.Array(InvoiceSchema) });
export type InvoiceList = Static<typeof InvoiceListSchema>;
