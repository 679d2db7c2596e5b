import type { FormEvent, ReactNode } from 'react';
import { PermissionButton } from '../../auth/PermissionControls';
import { DialogForm } from '../../shared/forms/DialogForm';
import { Dialog } from '../../shared/ui/Dialog';

interface Props {
  title: string;
  /** The form's state (useForm). */
  form: { onSubmit(event: FormEvent): Promise<void>; errors: { general?: string }; submitting: boolean };
  submitLabel: string;
  onClose(): void;
  children: ReactNode;
}

/** A users dialog's form: an admin's change, sent only online; a refusal shows above the fields. */
export function AdminDialogForm({ title, form, submitLabel, onClose, children }: Props) {
  return (
    <Dialog title={title} onClose={onClose}>
      <DialogForm
        onSubmit={(event) => void form.onSubmit(event)}
        error={form.errors.general}
        onCancel={onClose}
        submit={
          <PermissionButton type="submit" permission="ADMIN" onlineOnly loading={form.submitting}>
            {submitLabel}
          </PermissionButton>
        }
      >
        {children}
      </DialogForm>
    </Dialog>
  );
}
