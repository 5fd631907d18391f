/**
 * How a server-rendered page loads the scripts that hydrate it: after its first paint.
 *
 * Every page people land on arrives as server-rendered HTML (entry-server.tsx), readable before
 * any script runs; the scripts only make it interactive. Chromium fetches module scripts and
 * module preloads at High priority as soon as it parses their tags, so on a slow link the first
 * paint (and Lighthouse's model of it) would wait on about 120 KB of JavaScript it does not need.
 * So the built index.html names its modules in data, and one constant inline script imports them
 * once the page has painted (on a fast link that costs a frame or two of interactivity):
 *
 *   <script type="application/json" id="hydration-modules">["/assets/index-X.js","/assets/react-Y.js"]</script>
 *   <script>HYDRATION_LOADER</script>
 *
 * The first path is the entry module (imported); the others are its chunks and the page's own
 * route chunks, preloaded alongside (`<link rel="modulepreload">`) so they arrive in parallel. The
 * loader's text never changes, so the Content-Security-Policy allows it by one SHA-256 hash
 * (lambdas/render/inline-assets.ts reads it from the build) and `script-src` stays `'self'`.
 */

/** The id of the JSON element listing the modules (entry first). */
export const HYDRATION_MODULES_ID = 'hydration-modules';

/**
 * The inline loader: once the browser reports the page's first contentful paint (Paint Timing,
 * `PerformanceObserver` type "paint", buffered), preloads every listed chunk and imports the
 * entry. A page the server did not render (#root empty: the sign-in, dashboard and checkout
 * pages) loads them at once, having nothing to paint first. Where Paint Timing is missing they
 * load after the `load` event; a page opened in a background tab, which paints nothing, hydrates
 * when shown or 3 s after `load`, whichever is first. Constant text: its CSP hash is fixed.
 */
export const HYDRATION_LOADER =
  `(()=>{const m=JSON.parse(document.getElementById(${JSON.stringify(HYDRATION_MODULES_ID)}).textContent);let d=0;` +
  `const go=()=>{if(d++)return;for(const h of m.slice(1)){const l=document.createElement("link");` +
  `l.rel="modulepreload";l.href=h;document.head.append(l)}import(m[0])};` +
  `if(!document.getElementById("root")?.hasChildNodes())go();` +
  `try{new PerformanceObserver((e,o)=>{if(e.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}})` +
  `.observe({type:"paint",buffered:true})}catch{addEventListener("load",go)}` +
  `addEventListener("load",()=>setTimeout(go,3e3))})()`;

const MODULES_ELEMENT = new RegExp(`<script type="application/json" id="${HYDRATION_MODULES_ID}">([^<]*)</script>`);

const modulesElement = (paths: readonly string[]): string =>
  `<script type="application/json" id="${HYDRATION_MODULES_ID}">${JSON.stringify(paths)}</script>`;

/**
 * For the Vite build (index.html after Vite wrote its tags): takes out the entry's
 * `<script type="module" src>` and every `<link rel="modulepreload" href>`, and puts the modules'
 * list and the loader at the end of `<body>`.
 * @throws when `html` has no module script (not a Vite build's index.html).
 */
export const deferHydrationScripts = (html: string): string => {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(html);
  if (!entry) throw new Error('index.html has no <script type="module" src> to defer');
  const preloads: string[] = [];
  const rest = html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  return rest.replace('</body>', `${modulesElement([entry[1]!, ...preloads])}<script>${HYDRATION_LOADER}</script></body>`);
};

/** The modules `html` lists (entry first), or [] when it lists none. */
export const hydrationModules = (html: string): string[] => {
  const listed = MODULES_ELEMENT.exec(html);
  return listed ? (JSON.parse(listed[1]!) as string[]) : [];
};

/** `html` with `extra` (a page's own route chunks, e.g. '/assets/JobPage-X.js') added to its modules. */
export const withHydrationModules = (html: string, extra: readonly string[]): string =>
  extra.length === 0 ? html : html.replace(MODULES_ELEMENT, () => modulesElement([...new Set([...hydrationModules(html), ...extra])]));
