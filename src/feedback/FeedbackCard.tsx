import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { NEVER_SHOW_HIDE_MS, SURVEY_URL, YES_HIDE_MS, feedbackPrompt, useFeedbackActions } from './feedback';

interface Props {
  /** POST api/admin/feedback and re-fetch the user. */
  give(): Promise<unknown>;
  /** PUT api/admin/feedback/pnps with neverShow and re-fetch the user. */
  neverShow(): Promise<unknown>;
  hide(): void;
}

/** The feedback prompt card: 400 x 200 px, full width minus margins on a phone. */
export function FeedbackCard({ give, neverShow, hide }: Props) {
  const titleId = useId();
  const [answered, setAnswered] = useState(false);
  const [busy, setBusy] = useState(false);
  const neverShowButton = useRef<HTMLButtonElement>(null);

  // 'Not now' removes the focused button: keep keyboard users on the card.
  useEffect(() => {
    if (answered) neverShowButton.current?.focus();
  }, [answered]);

  const record = async (call: () => Promise<unknown>, hideAfterMs: number) => {
    setBusy(true);
    try {
      await call();
    } catch {
      hide();
      return;
    }
    window.setTimeout(hide, hideAfterMs);
  };

  const onYes = () => {
    // Opened within the click so phone browsers do not block the new tab; it opens even if recording fails.
    window.open(SURVEY_URL, '_blank', 'noopener,noreferrer');
    void record(give, YES_HIDE_MS);
  };

  return (
    <Paper component="section" className="sy-feedback" aria-labelledby={titleId} shadow="lg" radius="md" withBorder>
      <CloseButton className="sy-feedback-close" size="lg" aria-label="Close feedback prompt" onClick={hide} />
      {answered ? (
        <>
          <Text id={titleId} fw={500}>
            Alright, apologies for the disruption. Have a nice day!
          </Text>
          <Group>
            <Button ref={neverShowButton} loading={busy} onClick={() => void record(neverShow, NEVER_SHOW_HIDE_MS)}>
              Don't show again
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text id={titleId} fw={500}>
            Hi. Do you have 2 minutes to help us improve Switchyard?
          </Text>
          <Group>
            <Button loading={busy} onClick={onYes}>
              Yes, no problem
            </Button>
            <Button variant="subtle" disabled={busy} onClick={() => setAnswered(true)}>
              Not now
            </Button>
          </Group>
        </>
      )}
    </Paper>
  );
}

/** Loaded on demand by the main layout once the prompt is asked for. */
export default function FeedbackPrompt() {
  const { give, neverShow } = useFeedbackActions();
  return (
    <FeedbackCard
      give={() => give.mutateAsync()}
      neverShow={() => neverShow.mutateAsync()}
      hide={feedbackPrompt.hide}
    />
  );
}
