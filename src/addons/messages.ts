/** Texts of the addon screens: the spec's verbatim where it has them; the others Unleash 4.2's. */
export const ADDONS_TITLE = 'Addons';
export const CONFIGURED_ADDONS = 'Configured addons';
export const AVAILABLE_ADDONS = 'Available addons';
export const NO_ADDONS = 'No addons configured';
export const ADDON_DISABLED = '(Disabled)';
export const ADDON_DELETED = 'Successfully deleted';
export const ADDON_CREATED = 'Addon created successfully';
export const ADDON_UPDATED = 'Addon updated successfully';
export const addonEnabled = (enabled: boolean) => (enabled ? 'Addon enabled' : 'Addon disabled');
export const reallyDeleteAddon = (name: string) => `Are you sure you want to delete ${name}?`;
export const ADDON_NOT_FOUND = (id: string) => `Could not find addon with id: ${id}`;
export const PROVIDER_NOT_FOUND = (name: string) => `Could not find addon provider with name: ${name}`;
export const DELIVERIES_TITLE = 'Delivery log';
export const NO_DELIVERIES = 'Nothing delivered yet';
export const DELIVERIES_OFFLINE = 'The delivery log shows once the console is online again.';
