import { lazy, Suspense, useEffect, useState } from 'react';
import { inBackground } from '../../../shared/tasks';
import { ConfirmDialogFrame } from '../../../shared/ui/ConfirmDialogFrame';
import { PRODUCTION_TYPE } from '../common/constants';

// The dialog's code (Mantine's Modal, with its scroll area and floating layer) is not part of a screen's first
// render: it is fetched once the page is idle, well before a switch is likely to be tapped (and kept by the service
// worker for offline use); a confirmation asked for sooner shows the dialog's frame at once, until the code is here.
const loadDialog = () => import('../../../shared/ui/ConfirmDialog');
const ConfirmDialog = lazy(async () => ({ default: (await loadDialog()).ConfirmDialog }));

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
 * Every change in a production-type environment is confirmed first: saving or adding a strategy, turning an
 * environment on or off. `confirm(environment, label, run, text, always)` runs at once
 * elsewhere (unless `always`: a change that bypasses change requests is confirmed in any environment); in production
 * it opens 'Change {environment}?' with `text` and runs on the button labelled `label`, which says what will happen.
 * One dialog at a time, one confirmation per change.
 */
export function useProductionConfirm() {
  const [pending, setPending] = useState<Pending>();
  const [running, setRunning] = useState(false);
  useEffect(() => inBackground(() => void loadDialog()), []);

  const confirm = (
    environment: TargetEnvironment,
    label: string,
    run: () => Promise<void>,
    text = productionNote(environment.name),
    always = false,
  ) => (always || isProduction(environment) ? setPending({ environment: environment.name, label, text, run }) : run());

  if (!pending) return { confirm, dialog: undefined };
  const question = {
    title: `Change ${pending.environment}?`,
    confirmLabel: pending.label,
    children: pending.text,
    onClose: () => setPending(undefined),
  };
  const dialog = (
    <Suspense fallback={<ConfirmDialogFrame {...question} />}>
      <ConfirmDialog
        {...question}
        loading={running}
        onConfirm={async () => {
          setRunning(true);
          try {
            await pending.run();
            setPending(undefined);
          } finally {
            setRunning(false);
          }
        }}
      />
    </Suspense>
  );
  return { confirm, dialog };
}
