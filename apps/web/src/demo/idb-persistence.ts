import { clear, createStore, del, delMany, get, set, setMany } from 'idb-keyval';
import { DEMO_STATE_VERSION, type DemoPersistence, type DemoState } from './state';

const STATE_KEY = 'state';
const fileKey = (documentId: string) => `file:${documentId}`;

/** The demo's state and document files in the browser's IndexedDB (database `sheaf-demo`). */
export function createIdbPersistence(): DemoPersistence {
  const store = createStore('sheaf-demo', 'data');
  return {
    loadState: async () => {
      const state = await get<DemoState>(STATE_KEY, store);
      // A state written by another version of the demo is dropped: the seed is made again.
      return state?.version === DEMO_STATE_VERSION ? state : undefined;
    },
    saveState: (state) => set(STATE_KEY, state, store),
    loadFile: (documentId) => get<Blob>(fileKey(documentId), store),
    saveFiles: (files) =>
      setMany(
        files.map(([documentId, file]) => [fileKey(documentId), file]),
        store,
      ),
    deleteFiles: (documentIds) =>
      documentIds.length === 1
        ? del(fileKey(documentIds[0] ?? ''), store)
        : delMany(documentIds.map(fileKey), store),
    clear: () => clear(store),
  };
}
