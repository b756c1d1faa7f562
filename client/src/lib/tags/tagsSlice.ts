import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '@/lib/session/events';

/** A visited page in the tags bar. `path` identifies it; `fullPath` keeps its query. */
export interface TagView {
  path: string;
  fullPath: string;
  /** Key of the title in the `route` namespace. */
  title: string;
  affix?: boolean;
  /** Not kept alive when hidden (route meta.noCache). */
  noCache?: boolean;
}

export interface TagsState {
  visited: TagView[];
  /** Bumped by "refresh" to remount a kept page. */
  refreshes: Record<string, number>;
}

const initialState: TagsState = { visited: [], refreshes: {} };

export const tagsSlice = createSlice({
  name: 'tags',
  initialState,
  reducers: {
    /** Adds a page, or updates the query of one already open. */
    viewVisited(state, action: PayloadAction<TagView>) {
      const view = action.payload;
      const existing = state.visited.find((v) => v.path === view.path);
      if (existing) existing.fullPath = view.fullPath;
      else state.visited.push(view);
    },
    /** Affix tags (the home page) are always present, first. */
    affixViewsInitialized(state, action: PayloadAction<TagView[]>) {
      const affix = action.payload.filter((a) => !state.visited.some((v) => v.path === a.path));
      state.visited.unshift(...affix.map((a) => ({ ...a, affix: true })));
    },
    viewClosed(state, action: PayloadAction<string>) {
      state.visited = state.visited.filter((v) => v.affix || v.path !== action.payload);
      delete state.refreshes[action.payload];
    },
    otherViewsClosed(state, action: PayloadAction<string>) {
      state.visited = state.visited.filter((v) => v.affix || v.path === action.payload);
    },
    allViewsClosed(state) {
      state.visited = state.visited.filter((v) => v.affix);
    },
    viewRefreshed(state, action: PayloadAction<string>) {
      state.refreshes[action.payload] = (state.refreshes[action.payload] ?? 0) + 1;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialState);
  },
  selectors: {
    selectVisitedViews: (state) => state.visited,
    selectRefreshes: (state) => state.refreshes,
  },
});

export const {
  viewVisited,
  affixViewsInitialized,
  viewClosed,
  otherViewsClosed,
  allViewsClosed,
  viewRefreshed,
} = tagsSlice.actions;
export const { selectVisitedViews, selectRefreshes } = tagsSlice.selectors;
