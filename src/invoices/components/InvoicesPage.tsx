import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Button, Group, Paper, Stack, Table } from '@mantine/core';
import { useIsAdmin } from '../../auth/user';
import { ListContent } from '../../shared/ui/ListContent';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useBillingPortal, useInvoices } from '../api/queries';
import { AdminOnly } from '../../admin/AdminOnly';
import { FETCH_FAILED, NO_INVOICES, PAST_DUE } from '../messages';

/**
 * /admin-invoices (hidden): the invoices with a link to the billing portal, for instance admins.
 * A self-hosted server sends none, so the page says 'No invoices to show.'; the portal is asked only when there
 * are invoices to pay.
 */
export default function InvoicesPage() {
  const isAdmin = useIsAdmin();
  const invoices = useInvoices(isAdmin);
  const portal = useBillingPortal(isAdmin && (invoices.data?.length ?? 0) > 0);
  return (
    <Stack gap="md">
      <PageHeader title="Invoices">
        {portal.data && (
          <Button component="a" href={portal.data} target="_blank" rel="noreferrer">
            Billing portal
          </Button>
        )}
      </PageHeader>
      <Paper withBorder radius="md">
        <AdminOnly>
          <ListContent query={invoices} loading="Loading invoices" failed={FETCH_FAILED} empty={NO_INVOICES}>
            {(list) => (
              <Table.ScrollContainer minWidth={520}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Due date</Table.Th>
                      <Table.Th>Invoice</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((invoice) => (
                      <Table.Tr key={invoice.invoiceURL}>
                        <Table.Td>{invoice.amountFomratted}</Table.Td>
                        <Table.Td>
                          {invoice.status === PAST_DUE ? (
                            <Badge color="red.8" variant="filled">
                              {invoice.status}
                            </Badge>
                          ) : (
                            invoice.status
                          )}
                        </Table.Td>
                        <Table.Td>{invoice.dueDate}</Table.Td>
                        <Table.Td>
                          <Group gap="sm">
                            <Anchor href={invoice.invoiceURL} target="_blank" rel="noreferrer">
                              View
                            </Anchor>
                            <Anchor href={invoice.invoicePDF} target="_blank" rel="noreferrer">
                              PDF
                            </Anchor>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </ListContent>
        </AdminOnly>
      </Paper>
    </Stack>
  );
}
