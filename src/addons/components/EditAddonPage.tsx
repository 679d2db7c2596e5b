import { Loader, Paper, Stack, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { showToast } from '../../shared/messages/toast';
import { useAddons, type Addon, type AddonProvider } from '../api/queries';
import { useUpdateAddon } from '../api/use-update-addon';
import { ADDON_NOT_FOUND, ADDON_UPDATED } from '../messages';
import { addonBody, addonValues } from '../rules';
import { AddonForm } from './AddonForm';
import { DeliveryLog } from './DeliveryLog';
import { useAddonForm } from './use-addon-form';

const route = getRouteApi('/main/addons/edit/$id');

function EditAddonForm({ addon, provider }: { addon: Addon; provider: AddonProvider }) {
  const navigate = useNavigate();
  const update = useUpdateAddon();
  const form = useAddonForm(addonValues(provider, addon), {
    provider,
    editMode: true,
    submit: async (values) => {
      await update.mutateAsync({ id: addon.id, body: addonBody(provider, values) });
      guard.release();
      showToast(ADDON_UPDATED, 'success');
      await navigate({ to: '/addons' });
    },
  });
  const guard = useLeaveGuard(form.dirty);
  return <AddonForm form={form} onCancel={() => void navigate({ to: '/addons' })} />;
}

/** /addons/edit/{id}: the addon from the kept list (sensitive values as '*****'), then its delivery log. */
export default function EditAddonPage() {
  const { id } = route.useParams();
  const addons = useAddons();
  const addon = addons.data?.addons.find((a) => String(a.id) === id);
  const provider = addon && addons.data?.providers.find((p) => p.name === addon.provider);
  if (addon && provider) {
    return (
      <Stack gap="md">
        <EditAddonForm key={id} addon={addon} provider={provider} />
        <DeliveryLog addonId={addon.id} />
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      {addons.isPending ? (
        <Loader aria-label="Loading addon" />
      ) : (
        <Text role="alert">{addons.isError ? addons.error.message : ADDON_NOT_FOUND(id)}</Text>
      )}
    </Paper>
  );
}
