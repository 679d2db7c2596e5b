import { TogglesUsingStrategy } from '../../feature-toggles/components/list/TogglesUsingStrategy';
import { StrategyViewPage } from '../../strategies/components/StrategyViewPage';

/** /strategies/{view|edit}/{name}: the strategy's page, composed here with the toggles that use it. */
export default function StrategyViewRoute() {
  return <StrategyViewPage togglesUsing={(name) => <TogglesUsingStrategy name={name} />} />;
}
