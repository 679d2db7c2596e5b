import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { nextStep } from './rules';
import './onboarding.css';

export interface SplashStep {
  title: string;
  top: ReactNode;
  image?: ReactNode;
  bottom?: ReactNode;
}

/** Full screen below this width (onboarding walkthroughs are full screen on small screens). */
const SMALL = '(max-width: 640px)';

/**
 * The generic splash ('Onboarding walkthroughs'): a card 600 px wide and at least 650 px high with a close
 * control, step dots, Back (after the first step) and Next, which is 'Finish' on the last step. Close and Finish
 * both end it.
 */
export function SplashCard({ label, steps, onClose }: { label: string; steps: SplashStep[]; onClose(): void }) {
  const [step, setStep] = useState(0);
  const small = useMediaQuery(SMALL, window.matchMedia(SMALL).matches, { getInitialValueInEffect: false });
  const current = steps[step];
  const next = nextStep(step, steps.length);
  return (
    <Modal
      opened
      onClose={onClose}
      title={current.title}
      closeButtonProps={{ 'aria-label': `Close the ${label}`, size: 'xl' }}
      fullScreen={small}
      size={600}
      centered
      classNames={{ content: 'sy-splash', title: 'sy-splash-title' }}
    >
      <Stack className="sy-splash-body" gap="md">
        <Text component="div">{current.top}</Text>
        {current.image && <div className="sy-splash-image">{current.image}</div>}
        {current.bottom && <Text component="div">{current.bottom}</Text>}
        <div className="sy-splash-footer">
          <div className="sy-splash-dots" aria-hidden>
            {steps.map((s, index) => (
              <span key={s.title} className="sy-splash-dot" data-active={index === step || undefined} />
            ))}
          </div>
          <Text className="sy-visually-hidden" aria-live="polite">
            Step {step + 1} of {steps.length}
          </Text>
          <Group justify="space-between" wrap="nowrap">
            {step > 0 ? (
              <Button variant="default" onClick={() => setStep(step - 1)}>
                Back
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={() => (next === undefined ? onClose() : setStep(next))} data-autofocus>
              {next === undefined ? 'Finish' : 'Next'}
            </Button>
          </Group>
        </div>
      </Stack>
    </Modal>
  );
}
