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
