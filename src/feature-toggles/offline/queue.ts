import type { QueuedChange } from '../../offline/changes';
import type { OfflineEngine } from '../../offline/engine';
import type { Pending } from '../../offline/pending';
import type { ChangeBase, ChangeHandler } from '../../offline/registry';
import { classicPath, projectFeaturePath } from '../paths';
import { DEFAULT_PROJECT } from '../../projects/api/queries';
import type { FeatureToggle, ProjectFeature } from '../types';
import { toggleChangesOf } from './bulk';
import { bulkChanges } from './bulk-handler';
import {
  describeChange,
  notDone,
  refersTo,
  requestFor,
  successMessage,
  TOGGLE_CHANGE_KINDS,
  type ToggleChange,
} from './changes';
import { createToggleMirror, type ToggleMirror } from './mirror';
import {
  applyChange,
  fromClassic,
  fromProject,
  samePart,
  touchedPart,
  withVersion,
  type ToggleState,
} from './toggle-state';

/** A change's base on `known`, the server's toggle: the earlier queued changes applied, then the part it touches. */
function baseOn(known: ToggleState, earlier: QueuedChange[], change: ToggleChange, project?: string): ChangeBase {
  const view = toggleChangesOf(earlier).reduce<ToggleState>(applyChange, known);
  return {
    project: project ?? known.toggle.project ?? DEFAULT_PROJECT,
    version: known.toggle.version,
    snapshot: touchedPart(view, change),
  };
}

/** How the toggles' edits go through the offline queue, on the toggles' mirror and the engine's waiting list. */
const toggleChanges = (
  { serverStateOf, fetchToggle, receiveToggle, receiveProjectFeature, confirmState }: ToggleMirror,
  { activeChangesOf }: Pending,
): ChangeHandler<ToggleChange> => ({
  kinds: TOGGLE_CHANGE_KINDS,
  describe: ({ feature, change }) => describeChange(feature, change),
  notDone: ({ feature, change }) => notDone(feature, change),
  successMessage: ({ feature, change }) => successMessage(feature, change),
  base: async ({ feature, project, change }) => {
    const known = serverStateOf(feature) ?? (await fetchToggle(project ?? DEFAULT_PROJECT, feature));
    return baseOn(known, activeChangesOf(feature), change, project);
  },
  rebase: async (entry) => {
    const known = serverStateOf(entry.feature) ?? (await fetchToggle(entry.project, entry.feature));
    const earlier = activeChangesOf(entry.feature).filter((e) => e.seq! < entry.seq!);
    return baseOn(known, earlier, entry.change, entry.project);
  },
  request: requestFor,
  /** The flip is compared on the classic toggle, the rest on the project shape; either refreshes the mirror. */
  unchangedOnServer: async (entry, http) => {
    if (entry.change.kind === 'enabled') {
      const toggle = await http.get<FeatureToggle>(classicPath(entry.feature));
      receiveToggle(toggle);
      return samePart(touchedPart(fromClassic(undefined, toggle), entry.change), entry.snapshot);
    }
    const feature = await http.get<ProjectFeature>(projectFeaturePath(entry.project, entry.feature), {
      layer: 'project',
    });
    receiveProjectFeature(feature);
    return samePart(touchedPart(fromProject(undefined, feature), entry.change), entry.snapshot);
  },
  confirmed: (entry, version) => {
    const known = serverStateOf(entry.feature);
    if (known) confirmState(entry.feature, withVersion(applyChange(known, entry.change), version));
  },
  reload: async ({ project, feature }) => {
    await fetchToggle(project, feature);
  },
  createdId: (change) => (change.kind === 'strategy-add' ? change.strategy.id : undefined),
  without: (change, id) => {
    if (refersTo(change, id)) return null;
    return change.kind === 'strategy-order' ? { ...change, ids: change.ids.filter((i) => i !== id) } : change;
  },
  settles: [['features'], ['events'], ['archive']],
});

/**
 * The toggles registered with an engine (the app does, see src/app/offline.tsx; a test does for its own engine):
 * what the mirror keeps of them and how their changes are sent. Returns the mirror, which the toggles' screens read.
 */
export function registerToggles(engine: OfflineEngine): ToggleMirror {
  const toggles = createToggleMirror(engine);
  engine.registerMirror(toggles);
  engine.registerChanges(toggleChanges(toggles, engine.pending));
  engine.registerChanges(bulkChanges(toggles));
  engine.live.subscribe(toggles.followLive);
  return toggles;
}
