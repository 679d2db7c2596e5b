import { getRouteApi } from '@tanstack/react-router';
import { useBackToList } from '../../shared/forms/back-to-list';
import { RecordGate } from '../../shared/ui/RecordGate';
import { useAddons, type AddonProvider } from '../api/queries';
import { useCreateAddon } from '../api/use-create-addon';
import { ADDON_CREATED, PROVIDER_NOT_FOUND } from '../messages';
import { addonBody, addonValues } from '../rules';
import { AddonForm } from './AddonForm';
import { useAddonForm } from './use-addon-form';

const route = getRouteApi('/main/addons/create/$provider');

function CreateAddonForm({ provider }: { provider: AddonProvider }) {
  const back = useBackToList('/addons');
  const create = useCreateAddon();
  const form = useAddonForm(addonValues(provider), {
    provider,
    editMode: false,
    submit: (values) => create.mutateAsync(addonBody(provider, values)),
    onSaved: back.saved(ADDON_CREATED),
  });
  return <AddonForm form={form} onCancel={back.cancel} />;
}

/** /addons/create/{provider}: a new addon of that provider, built from its parameter definitions and events. */
export default function CreateAddonPage() {
  const { provider: name } = route.useParams();
  return (
    <RecordGate
      query={useAddons()}
      find={(addons) => addons.providers.find((p) => p.name === name)}
      loading="Loading addon providers"
      notFound={PROVIDER_NOT_FOUND(name)}
    >
      {(provider) => <CreateAddonForm key={name} provider={provider} />}
    </RecordGate>
  );
}
