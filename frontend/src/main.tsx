/**
 * SPA entry: mounts the router into #root. Global styles load here once; each feature
 * brings its own CSS module.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
