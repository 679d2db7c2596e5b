import { useState } from 'react';
import { ConfirmDialog } from '../../strategies/ConfirmDialog';
import { PRODUCTION_TYPE } from './constants';

interface Pending {
  label: string;
  run(): Promise<void>;
}

/**
 * Saving or adding a strategy in a production-type environment first needs a confirmation (part 1 section 4).
 * `confirm(label, run)` runs at once elsewhere; in production it opens the dialog and runs on its button.
 */
export function useProductionConfirm(environment: { name: string; type?: string }) {
  const [pending, setPending] = useState<Pending>();
  const [running, setRunning] = useState(false);
  const production = environment.type === PRODUCTION_TYPE;

  const confirm = (label: string, run: () => Promise<void>) => (production ? setPending({ label, run }) : run());

  const dialog = pending && (
    <ConfirmDialog
      title={`Change ${environment.name}?`}
      confirmLabel={pending.label}
      loading={running}
      onClose={() => setPending(undefined)}
      onConfirm={async () => {
        setRunning(true);
        try {
          await pending.run();
          setPending(undefined);
        } finally {
          setRunning(false);
        }
      }}
    >
      {`${environment.name} is a production environment: the change reaches its users as soon as it is saved.`}
    </ConfirmDialog>
  );

  return { confirm, dialog };
}
