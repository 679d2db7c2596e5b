import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { install, useCanInstall } from './install';

/** 'Install app', only while the browser offers installation (it goes once the app is installed). */
export function InstallButton() {
  if (!useCanInstall()) return null;
  return (
    <Button
      className="sy-install-button"
      variant="white"
      color="dark"
      leftSection={<IconDownload size={20} aria-hidden />}
      aria-label="Install app"
      onClick={() => void install()}
    >
      <span className="sy-install-words">Install app</span>
    </Button>
  );
}
