import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router.tsx';
import { installNavigationEffects } from './app/navigation-effects.ts';
import './app/boot.css';

// A deployment replaced the chunks this page knew about: reload once to pick up the new ones.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'chunkReloadAt';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last > 10_000) {
    sessionStorage.setItem(key, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  }
});

const router = createAppRouter();
installNavigationEffects(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
