import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCanInstall, useOfflineEngine } from './context';

/** 'Install app', only while the browser offers installation (it goes once the app is installed). */
export function InstallButton() {
  const { install } = useOfflineEngine();
  if (!useCanInstall()) return null;
  return (
    <Button
      className="sy-install-button"
      variant="white"
      color="dark"
      leftSection={<IconDownload size={20} aria-hidden />}
      aria-label="Install app"
      onClick={() => void install.install()}
    >
      <span className="sy-install-words">Install app</span>
    </Button>
  );
}
