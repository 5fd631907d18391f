/**
 * The job list's filter bar: sort, posted within, salary floor (with the count each floor keeps, from
 * the answer's pay histogram), whether our estimates count, hiding postings without the range a
 * law expects, years of experience asked,
 * seniority, job type, workplace
 * (unless the page fixes it), location (jobs in a country, or "Remote for me" from the country
 * the visitor lives in, picked once and remembered), companies to leave out (not on a company's
 * own page) and likely ghost jobs.
 * Counts beside options come from the API's facets (each ignoring its own filter). Active filters
 * show as chips below, each removed by one click or key, plus "Clear all".
 *
 * Every control is a native one (select, checkbox, details/summary disclosure, button), so the
 * keyboard and screen readers work without extra ARIA; Escape closes an open menu. The bar wraps
 * on narrow screens. State lives in the URL: `onChange` gets the change, the page writes it.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { countryCodes, countryName, EMPLOYMENT_TYPE_LABELS, keysOf, SENIORITY_LABELS } from '../../../../shared/format/job-labels';
import { WORKPLACE_LABELS } from '../../../../shared/format/workplace';
import type { JobFacets } from '../../../../shared/search/job-query';
import type { JobSortOrder } from '../../../../shared/search/job-search-url';
import { payFloorText } from '../../../../shared/format/pay';
import { jobsAtLeast, PAY_FLOORS_USD, type PayHistogram } from '../../../../shared/pay/pay-histogram';
import { postedWithinLabel } from '../../../../shared/search/filters/posted-within';
import { clearAll, filterChips } from './filterChips';
import type { JobSearchState } from './jobSearchParams';
import { readRememberedCountry, rememberCountry } from './rememberedCountry';
import styles from './FilterBar.module.css';

const SORT_LABELS: Record<JobSortOrder, string> = { relevance: 'Best match', newest: 'Newest', salary: 'Highest pay' };
const POSTED_WITHIN = [1, 3, 7, 14, 30];
const MAX_YEARS_EXPERIENCE = [0, 1, 2, 3, 5, 7, 10];
/** Short enough for a phone's select; the chip adds that jobs stating no requirement stay. */
const yearsOption = (years: number): string => (years === 0 ? 'None asked' : `Up to ${years} ${years === 1 ? 'year' : 'years'}`);
const TOP_COUNTRIES = 12;

type Change = Partial<Omit<JobSearchState, 'page'>>;

export interface FilterBarProps {
  state: JobSearchState;
  /** Counts for the current query, or null while they load. */
  facets: JobFacets | null;
  /** The answer's pay histogram (counts beside the pay floors), or null while it loads. */
  payHistogram?: PayHistogram | null;
  onChange: (change: Change) => void;
  /** The page fixes the workplace (/remote_jobs), the department (/engineering_jobs, a company page's tabs) or the company (a company page): no control or chip for it. */
  fixedWorkplace?: boolean;
  fixedDepartment?: boolean;
  fixedCompany?: boolean;
  /** Shown after the filters, e.g. the list's "Create alert" (ui/alerts/CreateAlert.tsx). */
  actions?: ReactNode;
}

const withCount = (label: string, count: number | undefined): string => (count === undefined ? label : `${label} (${count.toLocaleString('en-US')})`);

function toggled<T>(values: readonly T[], value: T, on: boolean): T[] {
  return on ? [...values.filter((other) => other !== value), value] : values.filter((other) => other !== value);
}

/** A disclosure menu (its panel is rendered while open); Escape closes it and gives the focus back to its button; a click or focus outside closes it. */
function Menu({ label, active, children }: { label: string; active: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !ref.current?.open) return;
    ref.current.open = false;
    ref.current.querySelector('summary')?.focus();
  };
  return (
    <details ref={ref} className={styles.menu} onKeyDown={onKeyDown} onToggle={() => setOpen(ref.current?.open ?? false)}>
      <summary className={active > 0 ? `${styles.button} ${styles.buttonActive}` : styles.button}>
        {label}
        {active > 0 && <span className={styles.badge}>{active}</span>}
      </summary>
      {/* Built on first open: the country list alone is ~280 options, and a closed menu shows nothing. */}
      <div className={styles.panel}>{open && children}</div>
    </details>
  );
}

function Checks<T extends string>({
  legend,
  labels,
  selected,
  counts,
  onToggle,
}: {
  legend: string;
  labels: Readonly<Record<T, string>>;
  selected: readonly T[];
  counts: Partial<Record<T, number>> | null;
  onToggle: (value: T, on: boolean) => void;
}) {
  return (
    <fieldset className={styles.checks}>
      <legend className="visually-hidden">{legend}</legend>
      {keysOf(labels).map((value) => (
        <label key={value} className={styles.check}>
          <input type="checkbox" checked={selected.includes(value)} onChange={(event) => onToggle(value, event.target.checked)} />
          {withCount(labels[value], counts ? (counts[value] ?? 0) : undefined)}
        </label>
      ))}
    </fieldset>
  );
}

/** Every country code the API takes (shared/format/job-labels.ts `isCountryCode`), by name; computed on first use. */
let countriesByName: string[] | null = null;
const countryChoices = (): string[] => (countriesByName ??= [...countryCodes()].sort((x, y) => countryName(x).localeCompare(countryName(y))));

function LocationMenu({ state, facets, onChange }: Pick<FilterBarProps, 'state' | 'facets' | 'onChange'>) {
  const [home, setHome] = useState<string | null>(() => state.remote_from ?? readRememberedCountry());
  const homeId = useId();
  const top = Object.entries(facets?.country ?? {})
    .sort(([, a], [, b]) => b - a)
    .slice(0, TOP_COUNTRIES)
    .map(([code]) => code);
  const shown = [...new Set([...state.countries, ...top])];
  const pickHome = (code: string) => {
    setHome(code || null);
    if (!code) return onChange({ remote_from: null });
    rememberCountry(code);
    if (state.remote_from) onChange({ remote_from: code });
  };
  return (
    <Menu label="Location" active={state.countries.length + (state.remote_from ? 1 : 0)}>
      <label className={styles.field} htmlFor={homeId}>
        I live in
      </label>
      <select id={homeId} className={styles.select} value={home ?? ''} onChange={(event) => pickHome(event.target.value)}>
        <option value="">Choose your country</option>
        {countryChoices().map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </select>
      <label className={styles.check}>
        <input
          type="checkbox"
          disabled={!home}
          checked={state.remote_from !== null}
          onChange={(event) => onChange({ remote_from: event.target.checked ? home : null })}
        />
        {home ? `Remote for me (jobs I can take from ${countryName(home)})` : 'Remote for me (choose your country first)'}
      </label>
      {shown.length > 0 && (
        <fieldset className={styles.checks}>
          <legend className={styles.legend}>Jobs in</legend>
          {shown.map((code) => (
            <label key={code} className={styles.check}>
              <input
                type="checkbox"
                checked={state.countries.includes(code)}
                onChange={(event) => onChange({ countries: toggled(state.countries, code, event.target.checked) })}
              />
              {withCount(countryName(code), facets ? (facets.country[code] ?? 0) : undefined)}
            </label>
          ))}
        </fieldset>
      )}
    </Menu>
  );
}

function ExcludeMenu({ state, onChange }: Pick<FilterBarProps, 'state' | 'onChange'>) {
  const [text, setText] = useState('');
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = text.trim();
    if (name) onChange({ exclude_companies: toggled(state.exclude_companies, name, true) });
    setText('');
  };
  return (
    <Menu label="Exclude" active={state.exclude_companies.length}>
      <form className={styles.exclude} onSubmit={submit}>
        <label className={styles.field} htmlFor={inputId}>
          Leave out a company
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={100}
            autoComplete="off"
            placeholder="Company name"
          />
          <button type="submit" className={styles.add}>
            Add
          </button>
        </div>
      </form>
    </Menu>
  );
}

/** A labelled select of numbers with an "any" choice first (null). */
function NumberSelect({ label, anyLabel, options, labelOf, value, onChange }: {
  label: string;
  anyLabel: string;
  options: readonly number[];
  labelOf: (value: number) => string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={styles.select} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FilterBar({ state, facets, payHistogram = null, onChange, fixedWorkplace = false, fixedDepartment = false, fixedCompany = false, actions }: FilterBarProps) {
  const sortId = useId();
  const chips = filterChips(state, { hideDepartment: fixedDepartment, hideWorkplace: fixedWorkplace, hideCompanies: fixedCompany });
  const sort = state.sort ?? (state.search ? 'relevance' : 'newest');

  return (
    <section className={styles.bar} aria-label="Filters">
      <div className={styles.controls}>
        <div className={styles.selectField}>
          <label htmlFor={sortId}>Sort</label>
          <select id={sortId} className={styles.select} value={sort} onChange={(event) => onChange({ sort: event.target.value as JobSortOrder })}>
            {keysOf(SORT_LABELS).map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <NumberSelect
          label="Posted"
          anyLabel="Any time"
          options={POSTED_WITHIN}
          labelOf={postedWithinLabel}
          value={state.posted_within_days}
          onChange={(days) => onChange({ posted_within_days: days })}
        />
        <NumberSelect
          label="Pay"
          anyLabel="Any pay"
          options={PAY_FLOORS_USD}
          labelOf={(usd) => withCount(payFloorText(usd), payHistogram ? jobsAtLeast(payHistogram, usd) : undefined)}
          value={state.min_salary_usd}
          onChange={(usd) => onChange({ min_salary_usd: usd })}
        />
        <Menu label="Pay options" active={Number(state.include_estimated_pay) + Number(state.exclude_missing_pay_range)}>
          <fieldset className={styles.checks}>
            <legend className="visually-hidden">Pay options</legend>
            <label className={styles.check}>
              <input type="checkbox" checked={state.include_estimated_pay} onChange={(event) => onChange({ include_estimated_pay: event.target.checked })} />
              Count estimated pay
            </label>
            <label className={styles.check}>
              <input type="checkbox" checked={state.exclude_missing_pay_range} onChange={(event) => onChange({ exclude_missing_pay_range: event.target.checked })} />
              Hide postings missing a required pay range
            </label>
          </fieldset>
        </Menu>
        <NumberSelect
          label="Experience"
          anyLabel="Any experience"
          options={MAX_YEARS_EXPERIENCE}
          labelOf={yearsOption}
          value={state.max_years_experience}
          onChange={(years) => onChange({ max_years_experience: years })}
        />
        <Menu label="Seniority" active={state.seniority.length}>
          <Checks
            legend="Seniority"
            labels={SENIORITY_LABELS}
            selected={state.seniority}
            counts={facets?.seniority ?? null}
            onToggle={(value, on) => onChange({ seniority: toggled(state.seniority, value, on) })}
          />
        </Menu>
        <Menu label="Job type" active={state.employment_types.length}>
          <Checks
            legend="Job type"
            labels={EMPLOYMENT_TYPE_LABELS}
            selected={state.employment_types}
            counts={facets?.employment_type ?? null}
            onToggle={(value, on) => onChange({ employment_types: toggled(state.employment_types, value, on) })}
          />
        </Menu>
        {!fixedWorkplace && (
          <Menu label="Workplace" active={state.is_remote.length}>
            <Checks
              legend="Workplace"
              labels={WORKPLACE_LABELS}
              selected={state.is_remote}
              counts={facets?.workplace ?? null}
              onToggle={(value, on) => onChange({ is_remote: toggled(state.is_remote, value, on) })}
            />
          </Menu>
        )}
        <LocationMenu state={state} facets={facets} onChange={onChange} />
        {!fixedCompany && <ExcludeMenu state={state} onChange={onChange} />}
        <label className={`${styles.button} ${styles.toggle}`}>
          <input type="checkbox" checked={state.exclude_ghost} onChange={(event) => onChange({ exclude_ghost: event.target.checked })} />
          Hide likely ghost jobs
        </label>
        {actions}
      </div>
      {chips.length > 0 && (
        <ul className={styles.chips} aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.id}>
              <button type="button" className={styles.chip} onClick={() => onChange(chip.remove)} aria-label={`Remove filter: ${chip.label}`}>
                {chip.label}
                <span aria-hidden="true"> ×</span>
              </button>
            </li>
          ))}
          {chips.length > 1 && (
            <li>
              <button type="button" className={styles.clear} onClick={() => onChange(clearAll(chips))}>
                Clear all
              </button>
            </li>
          )}
        </ul>
      )}
    </section>
  );
}
