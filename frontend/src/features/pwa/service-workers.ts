/**
 * Spec §4: background workers are deliberately not registered, and any left from an
 * earlier version are unregistered.
 */
export async function unregisterServiceWorkers(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
) {
  if (!container) return 0;
  const registrations = await container.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  return registrations.length;
}
