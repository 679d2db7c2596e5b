import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { Hint } from '../../../shared/ui/Hint';
import type { FeatureToggle } from '../../types';
import { usePinFeature } from '../../api/use-pin-feature';

/** The hints: what the star does. */
export const PIN_HINT = 'Pin (pinned toggles come first)';
export const UNPIN_HINT = 'Unpin (pinned toggles come first)';

/**
 * Pins or unpins a toggle for the signed-in user: a star, filled when pinned, 44 px square (`.sy-pin`, plain elements:
 * every list row has one). Any signed-in user may pin what they can read; it needs a connection (offline the snackbar
 * says so). Not shown for an archived toggle.
 */
export function PinButton({ feature }: { feature: FeatureToggle }) {
  const pin = usePinFeature();
  const pinned = !!feature.favorite;
  if (feature.archived) return null;
  return (
    <Hint text={pinned ? UNPIN_HINT : PIN_HINT}>
      {(hint) => (
        <button
          {...hint}
          type="button"
          className="sy-pin"
          aria-label={`${pinned ? 'Unpin' : 'Pin'} ${feature.name}`}
          aria-pressed={pinned}
          // One at a time: a second tap waits for the first answer, so the server gets them in order.
          onClick={() => {
            if (!pin.isPending) pin.mutate({ feature, favorite: !pinned });
          }}
        >
          {pinned ? <IconStarFilled size={22} aria-hidden /> : <IconStar size={22} aria-hidden />}
        </button>
      )}
    </Hint>
  );
}
