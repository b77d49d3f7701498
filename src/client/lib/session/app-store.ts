import { createStore } from 'jotai';

/**
 * The one jotai store of the app. Exported so atoms can be read and written
 * outside React: route guards, the API client, the inactivity watch.
 */
export const appStore = createStore();

export type AppStore = ReturnType<typeof createStore>;
