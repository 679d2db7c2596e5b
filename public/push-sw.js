// Web Push in the console's service worker: vite-plugin-pwa's generated sw.js loads this file (importScripts), so the
// worker shows the notifications the server sends and opens the screen each names when it is tapped. Plain script:
// it runs in the worker as is, under any base path (every URL is taken relative to the worker's scope).
/* global self, URL */

/** The console's URL of a path the server named (`/projects/...`); the console's start for anything outside it. */
function consoleUrl(path) {
  const scope = self.registration.scope;
  const url = new URL(String(path ?? '').replace(/^\/+/, ''), scope).href;
  return url.startsWith(scope) ? url : scope;
}

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data.json();
  } catch {
    message = { title: 'Switchyard', body: event.data ? event.data.text() : '', url: '/' };
  }
  const url = consoleUrl(message.url);
  // One notification per screen: a newer one about the same toggle or request (a trigger's and the change it made)
  // takes the place of the one before, and still alerts.
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: 'icons/icon-192.png',
      tag: url,
      renotify: true,
      data: { url },
    }),
  );
});

/** Tapped: an open console window goes to the screen and comes to the front; without one, a window opens there. */
async function openConsoleAt(url) {
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => client.url.startsWith(self.registration.scope));
  if (!open) return self.clients.openWindow(url);
  const shown = (await open.navigate(url)) ?? open;
  return shown.focus().catch(() => shown);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openConsoleAt(event.notification.data?.url ?? self.registration.scope));
});
