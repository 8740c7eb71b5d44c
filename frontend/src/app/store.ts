import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { stakeTotalsSlice } from '../features/ledger/stake-totals';

export function makeStore() {
  return configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      [stakeTotalsSlice.reducerPath]: stakeTotalsSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
