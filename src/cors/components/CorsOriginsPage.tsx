import { Code, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { PermissionButton, usePermission } from '../../auth/PermissionControls';
import { useLeaveGuard } from '../../shared/forms/leave-guard';
import { useForm } from '../../shared/forms/use-form';
import { showToast } from '../../shared/messages/toast';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { ReadFailure } from '../../shared/ui/ListContent';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useCorsOrigins } from '../api/queries';
import { useSaveCorsOrigins } from '../api/use-save-cors-origins';
import { ADMINS_ONLY, CORS_TITLE, LOADING_ORIGINS, ORIGINS_LABEL, ORIGINS_SAVED } from '../messages';
import { originLines, originsProblem, originsText, refusalProblem, type OriginLine } from '../rules';

const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/**
 * The list as one origin a line, checked by the server's rule before it is sent; a 400 shows the server's message
 * under the field, on the line it names. Admins save it (online only); anyone else reads it.
 */
function CorsOriginsForm({ stored }: { stored: string[] }) {
  const save = useSaveCorsOrigins();
  const canChange = usePermission('ADMIN');
  /** The lines of the last save, which a 400's index points into. */
  const sent = useRef<OriginLine[]>([]);
  const text = originsText(stored);
  const form = useForm<{ origins: string }, string[]>(
    { origins: text },
    {
      validate: ({ origins }) => ({ origins: originsProblem(originLines(origins)) }),
      submit: ({ origins }) => {
        sent.current = originLines(origins);
        return save.mutateAsync(sent.current.map((line) => line.origin));
      },
      failed: (error) => {
        const problem = refusalProblem(error, sent.current);
        return problem ? { origins: problem } : { general: error instanceof Error ? error.message : String(error) };
      },
      onSaved: (saved) => {
        form.setValues({ origins: originsText(saved) });
        showToast(ORIGINS_SAVED, 'success');
      },
    },
  );
  // A newer list from the server (a kept one was shown first, or it changed elsewhere) replaces an unedited field.
  const [shown, setShown] = useState(text);
  if (text !== shown) {
    setShown(text);
    if (form.values.origins === shown) form.setValues({ origins: text });
  }
  useLeaveGuard(() => form.dirty);
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={CORS_TITLE}>
      <Stack gap="md">
        <Text size="sm">
          Browser apps on other sites call the frontend API (<Code>/api/frontend</Code>) with a frontend token. A
          browser lets such a page read the answers only when its origin is listed here. The client API and the admin
          API do not use this list.
        </Text>
        <ErrorAlert message={form.errors.general} />
        <Textarea
          label={ORIGINS_LABEL}
          description={
            <>
              One origin per line, such as <Code>https://shop.example.com</Code> or <Code>http://localhost:3000</Code>:
              scheme, host and port, as browsers send it. <Code>*</Code> alone on a line allows every origin; an empty
              list allows none.{canChange ? '' : ` ${ADMINS_ONLY}`}
            </>
          }
          autosize
          minRows={4}
          maxRows={16}
          readOnly={!canChange}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          styles={MONO}
          {...form.field('origins')}
        />
        <Group>
          <PermissionButton permission="ADMIN" onlineOnly type="submit" loading={form.submitting}>
            Save
          </PermissionButton>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/cors (Configure menu): the origins browsers may call the frontend API from. */
export default function CorsOriginsPage() {
  const query = useCorsOrigins();
  return (
    <Stack gap="md">
      <PageHeader title={CORS_TITLE} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
        {query.data ? (
          <CorsOriginsForm stored={query.data} />
        ) : query.isError ? (
          <ReadFailure message={query.error.message} onRetry={() => void query.refetch()} />
        ) : (
          <Loader aria-label={LOADING_ORIGINS} />
        )}
      </Paper>
    </Stack>
  );
}
