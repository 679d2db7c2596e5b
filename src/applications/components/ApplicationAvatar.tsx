import { Avatar } from '@mantine/core';
import {
  IconApi,
  IconApps,
  IconBrandAndroid,
  IconCloud,
  IconCode,
  IconDatabase,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconServer,
  IconShoppingCart,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';

/**
 * Unleash names an application's icon after a Material icon ('apps' by default). The console loads no icon font
 * from elsewhere, so the common names are drawn with our own icons and any other name with the default.
 */
const ICONS: Record<string, Icon> = {
  apps: IconApps,
  cloud: IconCloud,
  web: IconWorld,
  public: IconWorld,
  language: IconWorld,
  mobile: IconDeviceMobile,
  phone_android: IconDeviceMobile,
  phone_iphone: IconDeviceMobile,
  smartphone: IconDeviceMobile,
  android: IconBrandAndroid,
  computer: IconDeviceDesktop,
  desktop_windows: IconDeviceDesktop,
  storage: IconDatabase,
  dns: IconServer,
  shopping_cart: IconShoppingCart,
  code: IconCode,
  api: IconApi,
};

/** A color the browser understands, else none (the field is free text). */
const cssColor = (color: string | null | undefined) =>
  color && typeof CSS !== 'undefined' && CSS.supports('color', color) ? color : undefined;

/** The application's icon in its color (a tinted circle; the default colour when none is set). */
export function ApplicationAvatar({
  icon,
  color,
  size = 40,
}: {
  icon?: string | null;
  color?: string | null;
  size?: number;
}) {
  const Glyph = ICONS[icon ?? ''] ?? IconApps;
  const background = cssColor(color);
  return (
    <Avatar
      size={size}
      radius="xl"
      color={background ? undefined : 'blue'}
      styles={background ? { placeholder: { background, color: '#fff' } } : undefined}
      aria-hidden
    >
      <Glyph size={size * 0.55} stroke={1.75} />
    </Avatar>
  );
}
