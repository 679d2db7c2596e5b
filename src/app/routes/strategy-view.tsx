import { TogglesUsingStrategy } from '../../feature-toggles/TogglesUsingStrategy';
import { StrategyViewPage } from '../../strategies/StrategyViewPage';

/** /strategies/{view|edit}/{name}: the strategy's page, composed here with the toggles that use it. */
export default function StrategyViewRoute() {
  return <StrategyViewPage togglesUsing={(name) => <TogglesUsingStrategy name={name} />} />;
}
