import { useEffect } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { applyLiveMessage } from './live-messages';
import { liveSocketUrl, openLiveSocket } from './live-socket';

/** While signed in, keeps the live socket open and feeds its messages into the cache. */
export function useLiveUpdates(signedIn: boolean): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  useEffect(() => {
    if (!signedIn || typeof WebSocket === 'undefined') return;
    const connection = openLiveSocket({
      url: liveSocketUrl(window.location),
      onMessage: (data) => applyLiveMessage(data, dispatch, store.getState),
    });
    return () => connection.close();
  }, [signedIn, dispatch, store]);
}
