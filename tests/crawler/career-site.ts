/**
 * A local careers website for the career-page crawler tests, served on 127.0.0.1.
 *
 * CONSTRUCTED: the HTML, the site layout and the JSON-LD wrapping are written here (no
 * career-page HTML with a usable licence exists). The job data is real: Harvey's postings from
 * stapply-ai/ats-scrapers@43ece6fd:ashby/companies/harvey.json and schema.org's own example
 * eg-0028 (schemaorg/schemaorg@cc71c8e0:data/examples.txt), through
 * shared/sources/fixtures/career-pages.ts.
 *
 * Paths:
 * - /robots.txt: `Disallow: /careers/internal/` for every crawler.
 * - /careers: JSON-LD in a @graph, in an array, one broken block, one commented-out block;
 *   links to a posting page (/careers/jobs/{id}, JSON-LD there only), to a disallowed page, to
 *   another site (http://localhost:{port}/...), to a link that redirects to the cloud metadata
 *   address, to a posting that is gone (404); and a script from a private address.
 * - /scripted/careers: no JSON-LD in the HTML; a script fetches /scripted/api/jobs.json after
 *   load and adds the JobPosting JSON-LD to the page.
 * - /list/careers: no JSON-LD anywhere; a plain job list (title links, location spans).
 * - /careers/internal/...: disallowed by robots.txt.
 * - /embed/careers: a Greenhouse embed script (board "anthropic"); /app/careers: a Lever link
 *   (board "mistral") that only a script writes into the page.
 * `hits` lists every path requested, in order, so tests can say what was never fetched.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HARVEY, harveyPosting, ldScript, schemaOrgExample0028, toJobPosting } from '../../shared/sources/fixtures/career-pages';

export interface CareerSite {
  /** "http://127.0.0.1:{port}" */
  origin: string;
  /** "127.0.0.1:{port}", for the address guard's allowlist. */
  host: string;
  /** Every path requested (with query), in order. */
  hits: string[];
  close(): Promise<void>;
}

const html = (title: string, head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const pages = (origin: string, port: number): Record<string, { status?: number; type?: string; body?: string; location?: string }> => {
  const posting = (key: keyof typeof HARVEY, options: { url?: string | null } = {}) => toJobPosting(harveyPosting(HARVEY[key]), { site: origin, ...options });
  const london = harveyPosting(HARVEY.salesLondon);
  const scientist = harveyPosting(HARVEY.dataScientist);
  const appliedAi = harveyPosting(HARVEY.appliedAi);
  return {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /careers/internal/\n' },
    '/careers': {
      body: html(
        'Careers at Harvey',
        [
          ldScript({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Organization', name: 'Harvey', url: 'https://www.harvey.ai' }, posting('productSecurity')] }),
          ldScript([posting('contractsRemote'), posting('recruitingHourly')]),
          '<script type="application/ld+json">{"@context":"https://schema.org","@type":"JobPosting","title":"half a block",</script>',
          `<!-- retired posting:\n${ldScript(posting('bizDevGermany'))}\n-->`,
          `<script type="application/ld+json">${schemaOrgExample0028()}</script>`,
          '<script src="http://10.255.255.1/tracker.js"></script>',
        ].join('\n'),
        `<h1>Open roles</h1>
        <ul>
          <li><a href="/careers/jobs/${harveyPosting(HARVEY.productSecurity).id}">${harveyPosting(HARVEY.productSecurity).title}</a></li>
          <li><a href="/careers/jobs/${london.id}">${london.title}</a> <span class="location">London</span></li>
          <li><a href="/careers/internal/talent-pool">Talent Pool (internal roles)</a></li>
          <li><a href="http://localhost:${port}/careers/jobs/partner-site-role">Partner Engineer at our sister company</a></li>
          <li><a href="/careers/jobs/moved">Forward Deployed Engineer</a></li>
          <li><a href="/careers/jobs/gone">Solutions Engineer (filled)</a></li>
        </ul>
        <a href="/about">About us</a>`,
      ),
    },
    [`/careers/jobs/${london.id}`]: { body: html(london.title, ldScript(posting('salesLondon')), `<h1>${london.title}</h1><a href="/careers">All jobs</a>`) },
    '/careers/jobs/moved': { status: 302, location: 'http://169.254.169.254/latest/meta-data/' },
    '/careers/jobs/gone': { status: 404, body: html('Not found', '', '<h1>This role has been filled</h1>') },
    '/careers/internal/talent-pool': { body: html('Internal', ldScript(posting('frontendToronto')), '<h1>Internal</h1>') },
    '/about': { body: html('About', '', '<h1>About</h1>') },
    '/scripted/careers': {
      body: html(
        'Careers (app)',
        `<script>
          window.addEventListener('load', () => setTimeout(async () => {
            const jobs = await (await fetch('/scripted/api/jobs.json')).json();
            const script = document.createElement('script');
            script.type = 'application/ld+json';
            script.textContent = JSON.stringify(jobs);
            document.head.appendChild(script);
            document.getElementById('roles').textContent = jobs.length + ' open roles';
          }, 300));
        </script>`,
        '<h1>Careers</h1><p id="roles">Loading roles…</p>',
      ),
    },
    '/scripted/api/jobs.json': { type: 'application/json', body: JSON.stringify([posting('backendScripted')]) },
    '/list/careers': {
      body: html(
        'Careers',
        '',
        `<h1>Join Harvey</h1>
        <section class="openings">
          <div class="job-card"><a href="/list/careers/staff-data-scientist"><h3>${scientist.title}</h3></a><span class="job-location">San Francisco, CA</span></div>
          <div class="job-card"><a href="/list/careers/staff-applied-ai-engineer"><h3>${appliedAi.title}</h3><p>San Francisco, CA · Engineering</p></a></div>
        </section>
        <p><a href="/list/careers">All jobs</a> · <a href="/blog/engineering-at-harvey">Engineering at Harvey</a></p>`,
      ),
    },
    // Registry detection (npm run companies -- add): boards of real registry companies.
    '/embed/careers': {
      body: html('Careers', '', '<h1>Careers</h1><div id="grnhse_app"></div><script src="https://boards.greenhouse.io/embed/job_board/js?for=anthropic"></script>'),
    },
    '/app/careers': {
      body: html(
        'Careers',
        `<script>window.addEventListener('DOMContentLoaded', () => { document.getElementById('jobs').innerHTML = '<a href="https://jobs.' + 'lever.co/' + 'mistral">See our openings</a>'; });</script>`,
        '<h1>Careers</h1><div id="jobs">Loading…</div>',
      ),
    },
    '/list/careers/staff-data-scientist': { body: html(scientist.title, '', `<h1>${scientist.title}</h1>`) },
    '/list/careers/staff-applied-ai-engineer': { body: html(appliedAi.title, '', `<h1>${appliedAi.title}</h1>`) },
  };
};

/** Starts the site on 127.0.0.1 on a free port. */
export const startCareerSite = async (): Promise<CareerSite> => {
  const hits: string[] = [];
  let routes: ReturnType<typeof pages> = {};
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(`${request.headers.host ?? ''}${path}`);
    const route = routes[path.split('?')[0] ?? path];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(route.status ?? 200, {
      'content-type': `${route.type ?? 'text/html'}; charset=utf-8`,
      ...(route.location ? { location: route.location } : {}),
    });
    response.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  routes = pages(origin, port);
  return {
    origin,
    host: `127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
