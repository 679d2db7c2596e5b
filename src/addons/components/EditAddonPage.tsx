import { Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useBackToList } from '../../shared/forms/back-to-list';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useAddons, type Addon, type AddonProvider } from '../api/queries';
import { useUpdateAddon } from '../api/use-update-addon';
import { ADDON_NOT_FOUND, ADDON_UPDATED } from '../messages';
import { addonBody, addonValues } from '../rules';
import { AddonForm } from './AddonForm';
import { DeliveryLog } from './DeliveryLog';
import { useAddonForm } from './use-addon-form';

const route = getRouteApi('/main/addons/edit/$id');

function EditAddonForm({ addon, provider }: { addon: Addon; provider: AddonProvider }) {
  const back = useBackToList('/addons');
  const update = useUpdateAddon();
  const form = useAddonForm(addonValues(provider, addon), {
    provider,
    editMode: true,
    submit: (values) => update.mutateAsync({ id: addon.id, body: addonBody(provider, values) }),
    onSaved: back.saved(ADDON_UPDATED),
  });
  return <AddonForm form={form} onCancel={back.cancel} />;
}

/** The addon of `id` with its provider, when the kept list has both. */
function addonOf(id: string, { addons, providers }: { addons: Addon[]; providers: AddonProvider[] }) {
  const addon = addons.find((a) => String(a.id) === id);
  const provider = addon && providers.find((p) => p.name === addon.provider);
  return addon && provider && { addon, provider };
}

/** /addons/edit/{id}: the addon from the kept list (sensitive values as '*****'), then its delivery log. */
export default function EditAddonPage() {
  const { id } = route.useParams();
  return (
    <RecordGate
      query={useAddons()}
      find={(addons) => addonOf(id, addons)}
      loading="Loading addon"
      notFound={ADDON_NOT_FOUND(id)}
    >
      {({ addon, provider }) => (
        <Stack gap="md">
          <EditAddonForm key={id} addon={addon} provider={provider} />
          <DeliveryLog addonId={addon.id} />
        </Stack>
      )}
    </RecordGate>
  );
}
