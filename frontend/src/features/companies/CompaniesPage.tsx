/**
 * /companies (also /company): every company with open jobs, from one `GET /api/companies/`
 * (the route's `loader`: server-rendered on first load; a failed load is the error box),
 * filtered in the browser by a text (name or headquarters) and an AI category, both kept in
 * the URL (`?search=`, `?category=`) so a link or reload shows the same list. Shows
 * 'Total Companies', the cards, 'No results found.', a 'Switch to Top' button, and the list as
 * schema.org ItemList JSON-LD.
 */
import { useMemo, useRef } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { listCompanies, type CompanyList } from '../../api/companies';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { JsonLdScript } from '../../ui/JsonLdScript';
import { CompanyCard } from './CompanyCard';
import { ALL_CATEGORIES, categoryOptions, filterCompanies } from './companyFilter';
import { companyItemList } from '../../ui/companyItemList';
import { scrollToTop } from './scrollToTop';
// The header and the empty state look as they do on the job lists.
import boardStyles from '../../ui/PageHero.module.css';
import styles from './CompaniesPage.module.css';

const TITLE = 'Top AI Companies Hiring | Latent Jobs';
const DESCRIPTION =
  'The AI companies hiring now: search by name or headquarters, filter by AI category, and see each company’s open jobs, funding and size.';

/** `params` with `key` set to `value`, or without it when `value` is the default. */
const withParam = (params: URLSearchParams, key: string, value: string, fallback: string): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (value === fallback) next.delete(key);
  else next.set(key, value);
  return next;
};

/**
 * How a filter edit reaches the URL: in place (no history entry per keystroke), and flushed at
 * once rather than as a transition, so the next edit (clearing the text, then picking a category)
 * starts from this one's URL instead of overwriting it with the URL of the render before.
 */
const URL_EDIT = { replace: true, flushSync: true } as const;

interface CompaniesPageData {
  list: CompanyList;
  /** The site's origin, for the absolute URLs of the ItemList JSON-LD. */
  origin: string;
}

/** Every listed company. */
export async function loader({ request }: LoaderFunctionArgs): Promise<CompaniesPageData> {
  return { list: await routeData(listCompanies(request.signal)), origin: new URL(request.url).origin };
}

/** Typing in the filters changes only the query: the list is filtered in the browser, not loaded again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;

export function CompaniesPage() {
  useDocumentMeta(TITLE, DESCRIPTION, { canonical: '/companies' });
  const [params, setParams] = useSearchParams();
  const text = params.get('search') ?? '';
  const category = params.get('category') ?? ALL_CATEGORIES;
  const { list, origin } = useLoaderData<CompaniesPageData>();
  const heading = useRef<HTMLHeadingElement>(null);

  const all = list.companies;
  const categories = useMemo(() => categoryOptions(all), [all]);
  const shown = useMemo(() => filterCompanies(all, { text, category }), [all, text, category]);
  const itemList = useMemo(() => companyItemList(all, origin), [all, origin]);

  return (
    <>
      <section className={boardStyles.hero} aria-labelledby="companies-heading">
        <h1 id="companies-heading" ref={heading} tabIndex={-1} className={`${boardStyles.count} ${styles.heading}`}>
          Top AI Companies
        </h1>
        <p className={boardStyles.intro}>The companies building AI, with their open jobs read straight from their own hiring systems.</p>
        <div className={styles.toolbar} role="search">
          <label className={styles.field}>
            <span className="visually-hidden">Search companies</span>
            <input
              type="search"
              className={styles.search}
              placeholder="Search by name or headquarters"
              value={text}
              onChange={(event) => setParams(withParam(params, 'search', event.target.value, ''), URL_EDIT)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.selectLabel}>Category</span>
            <select
              className={styles.select}
              value={category}
              onChange={(event) => setParams(withParam(params, 'category', event.target.value, ALL_CATEGORIES), URL_EDIT)}
            >
              {categories.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
              {!categories.includes(category) && <option value={category}>{category}</option>}
            </select>
          </label>
        </div>
      </section>

      <p className={styles.total} aria-live="polite">
        Total Companies: <strong>{shown.length}</strong>
      </p>
      {shown.length === 0 ? (
        <div className={boardStyles.empty}>
          <p>No results found.</p>
          <Link to="/companies">Show all companies</Link>
        </div>
      ) : (
        <ul className={styles.grid}>
          {shown.map((company) => (
            <li key={company.company_name}>
              <CompanyCard company={company} />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.toTop}>
        <button type="button" className={styles.toTopButton} onClick={() => scrollToTop(heading.current)}>
          Switch to Top
          <span aria-hidden="true"> ↑</span>
        </button>
      </div>
      <JsonLdScript data={itemList} />
    </>
  );
}
