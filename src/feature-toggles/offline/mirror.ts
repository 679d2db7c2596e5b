import type { QueryKey } from '@tanstack/react-query';
import type { FeatureSyncPage } from '../../../contract/sync';
import type { SwitchyardDb } from '../../offline/db';
import type { OfflineEngine } from '../../offline/engine';
import type { LiveEvent } from '../../offline/live';
import { putInSlices } from '../../offline/mirror';
import { inBackground, inSlices, nextTask } from '../../shared/tasks';
import { versionOf } from '../../shared/api/client';
import { NetworkError, type ApiError } from '../../shared/api/errors';
import { projectKeys } from '../../projects/api/queries';
import { classicPath, projectFeaturePath } from '../paths';
import type { FeatureEnvironment, FeatureToggle, ProjectFeature } from '../types';
import { toggleChangesOf } from './bulk';
import {
  applyChange,
  fromClassic,
  fromProject,
  needsDetail,
  projectView,
  withOverview,
  withVersion,
  type ToggleState,
} from './toggle-state';

/** One toggle as the server last sent it (pending changes are applied on top when it is shown). */
export interface ToggleRow extends ToggleState {
  name: string;
  /** When the server last sent it (ms since epoch). */
  syncedAt: number;
}

/** The query keys of the toggle reads the mirror serves. */
export const toggleKeys = {
  list: () => ['features', 'list'] as const,
  one: (name: string) => ['features', 'one', name] as const,
  project: (project: string, name: string) => ['features', 'project', project, name] as const,
};

/**
 * A toggle as IndexedDB keeps it: its row as JSON. Copying one string into IndexedDB costs the page a fraction of
 * copying the row's objects (environments, strategies, constraints), and a first visit stores thousands of rows.
 */
export interface StoredToggle {
  name: string;
  json: string;
}

/** The mirror's table of toggles; the list's names are kept among the reference rows, under the list's key. */
export const toggleTable = (db: SwitchyardDb) => db.table<StoredToggle, string>('toggles');
const encode = (row: ToggleRow): StoredToggle => ({ name: row.name, json: JSON.stringify(row) });
const decode = (stored: StoredToggle) => JSON.parse(stored.json) as ToggleRow;

/** Every toggle IndexedDB holds, as rows. */
export const storedToggles = async (db: SwitchyardDb) => (await toggleTable(db).toArray()).map(decode);
const LIST_KEY = JSON.stringify(toggleKeys.list());

/** Every toggle's environments and strategies are synced at most this often (when the list is read). */
const SYNC_MS = 30_000;

/** GET api/admin/sync/features (ours): every toggle in the project shape, in pages of SYNC_PAGE. */
const SYNC_PATH = 'api/admin/sync/features';
const SYNC_PAGE = 500;
/** A sync page's toggles taken into the mirror per task. */
const TOGGLES_PER_TASK = 100;
/** Where the bulk sync stands, kept with the toggles under this key among the reference rows. */
const SYNC_KEY = JSON.stringify(['features', 'sync']);

/**
 * `revision`: the server's revision the mirror holds every toggle at (the first page's of a full sync); `after`:
 * while a full sync is under way, the last toggle it has stored (it goes on from there), else null.
 */
export interface SyncState {
  revision: number;
  after: string | null;
}

/** A page of the bulk sync, as the console reads it. */
type SyncPage = Omit<FeatureSyncPage, 'features'> & { features: ProjectFeature[] };

/**
 * The toggles the offline mirror keeps, for one engine (the app registers it, see registerToggles): the list, each
 * toggle and its project shape, as the server last sent them, shown with the engine's pending changes applied.
 */
export function createToggleMirror(engine: OfflineEngine) {
  const { queryClient, api: http } = engine;
  const { write: writeMirror, markSynced } = engine.mirror;
  const { activeChangesOf } = engine.pending;
  let rows = new Map<string, ToggleRow>();
  /** The names of GET api/admin/features, in the server's order, once it has been fetched. */
  let listNames: string[] | undefined;
  let listSyncedAt = 0;
  let syncStartedAt = 0;
  let syncing = false;
  let syncState: SyncState | undefined;
  /** false once the server answered the bulk sync with 404 (a real Unleash 4): toggles are then read one by one. */
  let bulkSync: boolean | undefined;

  // ---- views: what the server sent, with the changes still to be sent applied on top ----

  function stateOf(name: string): ToggleState | undefined {
    const row = rows.get(name);
    if (!row) return undefined;
    return toggleChangesOf(activeChangesOf(name)).reduce<ToggleState>(applyChange, row);
  }

  /** Every toggle the mirror holds, as the screens show it (pending changes applied), in name order. */
  const mirroredStates = (): ToggleState[] =>
    [...rows.keys()].sort((a, b) => a.localeCompare(b)).flatMap((name) => stateOf(name) ?? []);

  /** What the server last sent for a toggle, without pending changes. */
  const serverStateOf = (name: string): ToggleRow | undefined => rows.get(name);
  const classicOf = (name: string) => stateOf(name)?.toggle;
  function projectFeatureOf(project: string, name: string): ProjectFeature | undefined {
    const state = stateOf(name);
    return state && (state.toggle.project ?? 'default') === project ? projectView(state) : undefined;
  }
  const listView = () => listNames?.flatMap((name) => classicOf(name) ?? []);
  const syncedAt = (name: string) => rows.get(name)?.syncedAt;
  const listSyncTime = () => (listNames ? listSyncedAt : undefined);
  const bulkSyncState = () => syncState;

  /** Puts the current views of some toggles into the query cache (after a change is queued, sent or cancelled). */
  function refreshViews(changed: Set<string>) {
    const keep = (key: QueryKey) => ({ updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt });
    queryClient.setQueryData<FeatureToggle[]>(
      toggleKeys.list(),
      (list) => list?.map((toggle) => (changed.has(toggle.name) ? (classicOf(toggle.name) ?? toggle) : toggle)),
      keep(toggleKeys.list()),
    );
    for (const name of changed) {
      const classic = classicOf(name);
      if (classic && queryClient.getQueryData(toggleKeys.one(name)))
        queryClient.setQueryData(toggleKeys.one(name), classic, keep(toggleKeys.one(name)));
    }
    for (const query of queryClient.getQueryCache().findAll({ queryKey: ['features', 'project'] })) {
      const [, , project, name] = query.queryKey as ReturnType<typeof toggleKeys.project>;
      const view = changed.has(name) ? projectFeatureOf(project, name) : undefined;
      if (view && query.state.data) queryClient.setQueryData(query.queryKey, view, keep(query.queryKey));
    }
  }

  // ---- the server's answers arrive ----

  function store(name: string, state: ToggleState, at: number): ToggleRow {
    const row = { ...state, name, syncedAt: at };
    rows.set(name, row);
    return row;
  }

  /** GET api/admin/features: every live toggle. Returns the list with pending changes applied. */
  function receiveList(list: FeatureToggle[]): FeatureToggle[] {
    const at = Date.now();
    const next = new Map<string, ToggleRow>();
    for (const toggle of list)
      next.set(toggle.name, { ...fromClassic(rows.get(toggle.name), toggle), name: toggle.name, syncedAt: at });
    const gone = [...rows.keys()].filter((name) => !next.has(name));
    rows = next;
    listNames = list.map((toggle) => toggle.name);
    listSyncedAt = at;
    markSynced(at);
    const saved = [...next.values()];
    const names = listNames;
    writeMirror(async (db) => {
      await putInSlices(toggleTable(db), saved, encode);
      await db.transaction('rw', toggleTable(db), db.reference, async () => {
        await toggleTable(db).bulkDelete(gone);
        await db.reference.put({ key: LIST_KEY, value: names, syncedAt: at });
      });
    });
    if (at - syncStartedAt > SYNC_MS && !syncing) {
      syncStartedAt = at;
      syncing = true;
      const projects = [...new Set(list.map((toggle) => toggle.project ?? 'default'))];
      inBackground(() => void syncToggles(projects).finally(() => (syncing = false)));
    }
    return listView() ?? [];
  }

  /**
   * The background sync of every toggle's environments and strategies, once the list is shown (it never holds it
   * up): in pages of the bulk call where the server has it, else (a 404: a real Unleash 4) project by project and
   * toggle by toggle. A failure leaves what the mirror had.
   */
  async function syncToggles(projects: string[]) {
    if (bulkSync !== false) {
      try {
        await syncInBulk();
        bulkSync = true;
        return;
      } catch (error) {
        if (bulkSync || (error as Partial<ApiError> | undefined)?.status !== 404) return;
        bulkSync = false;
      }
    }
    await syncEnvironments(projects);
  }

  /** The bulk sync under way, and whether another was asked for meanwhile (it then runs once more). */
  let bulkRound: Promise<void> | undefined;
  let bulkAgain = false;

  /**
   * The bulk sync (see readInBulk), one at a time: asked for while one runs, it runs once more after it. What it
   * brought is shown at once on every open screen (see showSynced).
   */
  function syncInBulk(): Promise<void> {
    if (bulkRound) {
      bulkAgain = true;
      return bulkRound;
    }
    bulkRound = (async () => {
      try {
        do {
          bulkAgain = false;
          showSynced(await readInBulk());
        } while (bulkAgain);
      } finally {
        bulkRound = undefined;
      }
    })();
    return bulkRound;
  }

  /**
   * GET api/admin/sync/features page after page, the first page first: every toggle or, after a complete sync, only
   * those changed (and the names of those deleted) since its revision. Where the sync stands is stored once a page's
   * toggles are (in slices, see putInSlices), so a full sync cut short goes on from its last stored page the next time.
   * Returns the toggles it brought and those deleted.
   */
  async function readInBulk(): Promise<{ changed: ProjectFeature[]; deleted: string[] }> {
    const resume = syncState?.after ? syncState : undefined;
    const since = syncState && !resume ? syncState.revision : undefined;
    let revision = resume?.revision;
    let after = resume?.after ?? undefined;
    const brought = { changed: [] as ProjectFeature[], deleted: [] as string[] };
    do {
      const query = new URLSearchParams({ limit: String(SYNC_PAGE) });
      if (after !== undefined) query.set('after', after);
      if (since !== undefined) query.set('since', String(since));
      const page = await http.get<SyncPage>(`${SYNC_PATH}?${query}`);
      revision ??= page.revision;
      // A full sync keeps its place after every page; a sync of the changes moves on once it is complete.
      const state = since === undefined || page.next === null ? { revision, after: page.next } : undefined;
      await receiveSyncPage(page.features, page.deleted, state);
      brought.changed.push(...page.features);
      brought.deleted.push(...page.deleted);
      after = page.next ?? undefined;
    } while (after !== undefined);
    return brought;
  }

  /**
   * Toggles the bulk sync brought go into the open screens' queries: the list, each toggle and its project shape
   * (with pending changes applied); the list and the projects' tables are read again when toggles came or went, or
   * changed in them.
   */
  function showSynced({ changed, deleted }: { changed: ProjectFeature[]; deleted: string[] }) {
    if (changed.length === 0 && deleted.length === 0) return;
    refreshViews(new Set(changed.map((feature) => feature.name)));
    const listed = new Set(listNames);
    if (listNames && (changed.some((f) => !listed.has(f.name)) || deleted.some((name) => listed.has(name)))) {
      void queryClient.invalidateQueries({ queryKey: toggleKeys.list(), exact: true });
    }
    const projects = new Set(changed.map((feature) => feature.project));
    if (deleted.length > 0) void queryClient.invalidateQueries({ queryKey: ['project'] });
    else projects.forEach((project) => void queryClient.invalidateQueries({ queryKey: projectKeys.overview(project) }));
  }

  /**
   * The server's live stream: it has opened (changes may have been missed while it was closed) or tells of toggle
   * changes newer than the mirror's: they are synced at once (not for change requests). Before the first complete sync
   * the list's background sync makes it (it never holds the list up), and one under way runs once more. Without the
   * bulk call (Unleash 4) nothing.
   */
  function followLive(event: LiveEvent) {
    if (event.type === 'change-requests') return;
    const complete = syncState && !syncState.after ? syncState.revision : undefined;
    if (bulkSync === false || (complete === undefined && !bulkRound)) return;
    if (event.type === 'changes' && complete !== undefined && event.changes.revision <= complete) return;
    syncInBulk().catch(() => undefined); // offline or failing: the next change, opening or poll syncs
  }

  /**
   * A page of the bulk sync: toggles with every environment and its strategies; those deleted since go. Its toggles
   * are taken in slices, each in a task of its own after the one that parsed the page (a toggle read in between has
   * either state, and an answer older than what the mirror holds is ignored, see fromProject).
   */
  async function receiveSyncPage(features: ProjectFeature[], deleted: string[], state: SyncState | undefined) {
    const at = Date.now();
    const saved: ToggleRow[] = [];
    await nextTask();
    await inSlices(features, TOGGLES_PER_TASK, (slice) => {
      for (const feature of slice) saved.push(store(feature.name, fromProject(rows.get(feature.name), feature), at));
    });
    deleted.forEach((name) => rows.delete(name));
    if (state) syncState = state;
    markSynced(at);
    writeMirror(async (db) => {
      await putInSlices(toggleTable(db), saved, encode);
      await db.transaction('rw', toggleTable(db), db.reference, async () => {
        await toggleTable(db).bulkDelete(deleted);
        if (state) await db.reference.put({ key: SYNC_KEY, value: state, syncedAt: at });
      });
    });
  }

  /**
   * Without the bulk call: each project's toggle list carries every toggle's per-environment state, mirrored so the
   * environment switches show offline too; then the strategies of the toggles that need them.
   */
  async function syncEnvironments(projects: string[]) {
    const answers = await Promise.allSettled(
      projects.map((project) =>
        http.get<{ features: { name: string; environments?: Omit<FeatureEnvironment, 'strategies'>[] }[] }>(
          `api/admin/projects/${encodeURIComponent(project)}/features`,
        ),
      ),
    );
    const at = Date.now();
    const changed: ToggleRow[] = [];
    for (const answer of answers) {
      if (answer.status !== 'fulfilled') continue;
      for (const overview of answer.value.features) {
        const known = rows.get(overview.name);
        if (known && overview.environments)
          changed.push(store(overview.name, withOverview(known, overview.environments), known.syncedAt));
      }
    }
    if (changed.length > 0) {
      markSynced(at);
      writeMirror((db) => putInSlices(toggleTable(db), changed, encode));
    }
    await syncDetails();
  }

  /** Toggles whose strategies are read at a time: the detail sync stays in the background. */
  const DETAIL_READS_IN_FLIGHT = 4;

  /**
   * Every toggle's environments with their strategies, so any toggle can be shown and edited offline: read for the
   * toggles not known yet or changed since (by version), a few at a time. It stops at the first read with no answer.
   */
  async function syncDetails() {
    const due = [...rows.values()].filter(needsDetail);
    let offline = false;
    const reader = async () => {
      for (let row = due.shift(); row && !offline; row = due.shift()) {
        try {
          receiveProjectFeature(
            await http.get<ProjectFeature>(projectFeaturePath(row.toggle.project ?? 'default', row.name), {
              layer: 'project',
            }),
          );
        } catch (error) {
          offline = error instanceof NetworkError;
        }
      }
    };
    await Promise.all(Array.from({ length: DETAIL_READS_IN_FLIGHT }, reader));
  }

  /** GET api/admin/features/{name}. Returns it with pending changes applied. */
  function receiveToggle(toggle: FeatureToggle): FeatureToggle {
    if (toggle.archived) {
      rows.delete(toggle.name);
      writeMirror((db) => toggleTable(db).delete(toggle.name));
      return toggle;
    }
    const at = Date.now();
    const row = store(toggle.name, fromClassic(rows.get(toggle.name), toggle), at);
    markSynced(at);
    writeMirror((db) => toggleTable(db).put(encode(row)));
    return classicOf(toggle.name) ?? toggle;
  }

  /** GET api/admin/projects/{project}/features/{name}. Returns it with pending changes applied. */
  function receiveProjectFeature(feature: ProjectFeature): ProjectFeature {
    const at = Date.now();
    const row = store(feature.name, fromProject(rows.get(feature.name), feature), at);
    markSynced(at);
    writeMirror((db) => toggleTable(db).put(encode(row)));
    return projectFeatureOf(feature.project, feature.name) ?? feature;
  }

  /** After the server accepted a change: what it now holds (the change applied, its new version). */
  function confirmState(name: string, state: ToggleState) {
    const row = store(name, state, Date.now());
    markSynced(row.syncedAt);
    writeMirror((db) => toggleTable(db).put(encode(row)));
  }

  /**
   * An online action on a toggle (outside the queue: a description, a tag) answered with the toggle's new version:
   * the mirror takes it, so the next queued change is not sent against the version before it.
   */
  function noteVersion(name: string, etag: string | null) {
    const version = versionOf(etag);
    const row = rows.get(name);
    if (version === undefined || !row || (row.toggle.version ?? 0) >= version) return;
    confirmState(name, withVersion(row, version));
  }

  /** The server's current toggle, both shapes, into the mirror (and from there into the screens). */
  async function fetchToggle(project: string, name: string): Promise<ToggleState> {
    const [feature, toggle] = await Promise.all([
      http.get<ProjectFeature>(projectFeaturePath(project, name), { layer: 'project' }),
      http.get<FeatureToggle>(classicPath(name)),
    ]);
    receiveProjectFeature(feature);
    receiveToggle(toggle);
    refreshViews(new Set([name]));
    return rows.get(name) ?? fromClassic(fromProject(undefined, feature), toggle);
  }

  // ---- storage ----

  /**
   * Opened before the first render (there is a stored mirror), the stored toggles become what the screens show at
   * once; opened later (a first visit), what the network has already answered is stored.
   */
  async function attach(db: SwitchyardDb) {
    const [toggleRows, list, sync] = await Promise.all([
      storedToggles(db),
      db.reference.get(LIST_KEY),
      db.reference.get(SYNC_KEY),
    ]);
    if (!listNames && rows.size === 0) {
      rows = new Map(toggleRows.map((row) => [row.name, row]));
      if (list) {
        listNames = list.value as string[];
        listSyncedAt = list.syncedAt;
      }
      syncState = sync?.value as SyncState | undefined;
      if (toggleRows.length > 0) markSynced(toggleRows.reduce((latest, row) => Math.max(latest, row.syncedAt), 0));
    } else {
      const saved = [...rows.values()];
      const names = listNames;
      const at = listSyncedAt;
      const state = syncState;
      writeMirror(async (d) => {
        await putInSlices(toggleTable(d), saved, encode);
        await d.transaction('rw', d.reference, async () => {
          if (names) await d.reference.put({ key: LIST_KEY, value: names, syncedAt: at });
          if (state) await d.reference.put({ key: SYNC_KEY, value: state, syncedAt: at });
        });
      });
    }
  }

  return {
    tables: { toggles: 'name' },
    serves: ([domain, kind]: QueryKey) =>
      domain === 'features' && (kind === 'list' || kind === 'one' || kind === 'project'),
    attach,
    clear() {
      rows = new Map();
      listNames = undefined;
      syncStartedAt = 0;
      syncState = undefined;
    },
    refresh: refreshViews,
    stateOf,
    mirroredStates,
    serverStateOf,
    classicOf,
    projectFeatureOf,
    listView,
    syncedAt,
    listSyncTime,
    bulkSyncState,
    receiveList,
    receiveToggle,
    receiveProjectFeature,
    confirmState,
    noteVersion,
    fetchToggle,
    followLive,
    /** The toggles changed since the last sync read again (a held bulk change's 'Refresh configuration'). */
    syncAll: syncInBulk,
  };
}

export type ToggleMirror = ReturnType<typeof createToggleMirror>;
