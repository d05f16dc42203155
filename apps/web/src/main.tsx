import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadPublicConfig } from './lib/config';
import './index.css';

// A hash route such as /#/products becomes the normal path /products.
if (window.location.hash.startsWith('#/')) {
  window.history.replaceState(null, '', window.location.hash.slice(1));
}

const root = document.getElementById('root');
if (!root) throw new Error('Root element not found');

// The service worker keeps the app shell so an open page (the POS register) reloads offline; production only,
// so development never serves a stale build.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('Service worker not registered', err));
  });
}

loadPublicConfig()
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((err: Error) => {
    root.textContent = err.message;
  });
