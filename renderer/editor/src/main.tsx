import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The pinned UI font, bundled with the app: the same glyphs on every machine (and in the screenshot baselines).
import '@fontsource-variable/inter';
import { App } from './app/App';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
