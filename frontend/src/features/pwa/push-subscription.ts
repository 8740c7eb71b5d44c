import type { PushPublicKeyResponse, PushSubscriptionRequest } from '@frenly/contracts';
import { performRequest } from '../../api/base-query';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Spec §7: once notifications are granted and a worker registration exists, the browser's
 * push subscription is sent to /api/push/subscribe. No worker is ever registered (spec §4),
 * so in practice this finds no registration and sends nothing.
 */
export async function subscribeToPush(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<boolean> {
  const registration = await container?.getRegistration();
  if (!registration) return false;
  const key = await performRequest('/api/push/public-key');
  if ('error' in key) return false;
  const { publicKey } = key.data as PushPublicKeyResponse;
  if (!publicKey) return false;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const body = subscription.toJSON() as PushSubscriptionRequest;
  const sent = await performRequest({ url: '/api/push/subscribe', method: 'POST', body });
  return !('error' in sent);
}
