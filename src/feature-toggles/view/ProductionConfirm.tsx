import { useState } from 'react';
import { ConfirmDialog } from '../../strategies/ConfirmDialog';
import { PRODUCTION_TYPE } from './constants';

/** An environment as a change to it is confirmed: by its type. */
interface TargetEnvironment {
  name: string;
  type?: string;
}

interface Pending {
  environment: string;
  label: string;
  text: string;
  run(): Promise<void>;
}

export const isProduction = (environment: TargetEnvironment) => environment.type === PRODUCTION_TYPE;

/** What the confirmation says when the change does not say more. */
export const productionNote = (environment: string) =>
  `${environment} is a production environment: the change reaches its users as soon as it is saved.`;

/**
 * Every change in a production-type environment is confirmed first (part 1 sections 4 and 9: saving or adding a
 * strategy; issue 12: turning an environment on or off). `confirm(environment, label, run, text)` runs at once
 * elsewhere; in production it opens 'Change {environment}?' with `text` and runs on the button labelled `label`, which
 * says what will happen. One dialog at a time, one confirmation per change.
 */
export function useProductionConfirm() {
  const [pending, setPending] = useState<Pending>();
  const [running, setRunning] = useState(false);

  const confirm = (
    environment: TargetEnvironment,
    label: string,
    run: () => Promise<void>,
    text = productionNote(environment.name),
  ) => (isProduction(environment) ? setPending({ environment: environment.name, label, text, run }) : run());

  const dialog = pending && (
    <ConfirmDialog
      title={`Change ${pending.environment}?`}
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
      {pending.text}
    </ConfirmDialog>
  );

  return { confirm, dialog };
}
