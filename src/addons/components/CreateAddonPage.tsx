import { Loader, Paper, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { showToast } from '../../shared/messages/toast';
import { useAddons, type AddonProvider } from '../api/queries';
import { useCreateAddon } from '../api/use-create-addon';
import { ADDON_CREATED, PROVIDER_NOT_FOUND } from '../messages';
import { addonBody, addonValues } from '../rules';
import { AddonForm } from './AddonForm';
import { useAddonForm } from './use-addon-form';

const route = getRouteApi('/main/addons/create/$provider');

function CreateAddonForm({ provider }: { provider: AddonProvider }) {
  const navigate = useNavigate();
  const create = useCreateAddon();
  const form = useAddonForm(addonValues(provider), {
    provider,
    editMode: false,
    submit: async (values) => {
      await create.mutateAsync(addonBody(provider, values));
      guard.release();
      showToast(ADDON_CREATED, 'success');
      await navigate({ to: '/addons' });
    },
  });
  const guard = useLeaveGuard(form.dirty);
  return <AddonForm form={form} onCancel={() => void navigate({ to: '/addons' })} />;
}

/** /addons/create/{provider}: a new addon of that provider, built from its parameter definitions and events. */
export default function CreateAddonPage() {
  const { provider: name } = route.useParams();
  const addons = useAddons();
  const provider = addons.data?.providers.find((p) => p.name === name);
  if (provider) return <CreateAddonForm key={name} provider={provider} />;
  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      {addons.isPending ? (
        <Loader aria-label="Loading addon providers" />
      ) : (
        <Text role="alert">{addons.isError ? addons.error.message : PROVIDER_NOT_FOUND(name)}</Text>
      )}
    </Paper>
  );
}
