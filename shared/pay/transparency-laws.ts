/**
 * Pay-transparency rules that expect a job posting to state its pay, one row per jurisdiction.
 *
 * Each row: `id`; `jurisdiction` as people name it; where it applies (`country` ISO 3166-1
 * alpha-2, `region` the ISO 3166-2 subdivision code without the country, `cities` for a city or
 * county rule, folded names); `since` the day postings had to comply (YYYY-MM-DD);
 * `minEmployees` the employer-size threshold (employees counted as the law counts them; 1 = any
 * employer); `mustPost` what the posting must state; `remote` whether the rule (or its
 * regulator's guidance) reaches remote jobs that may be done there; `citation` the enactment and
 * where it sits in the code.
 *
 * Compiled 2026-11-26 from the enactments as cited, without access to the legislatures' own sites
 * from this machine, and checked against practitioners' summaries (tcwglobal.com "Pay transparency
 * by state"; kamsa.co "Pay transparency laws summary for the U.S.", 2022; jerseycitynj.gov "Pay
 * transparency: the law in Jersey City"; ebglaw.com "Pay disclosure requirements multiplying
 * throughout New York and New Jersey", 2022), which confirm the Colorado, California, Washington,
 * New York City, New York State and Jersey City rows. The rows enacted since 2023 (Hawaii, DC,
 * Maryland, Illinois, Minnesota, New Jersey, Vermont, Massachusetts, British Columbia, Ontario)
 * and Ithaca's and Westchester's citations want a reading against the enacted text before they
 * are relied on. Only rules that require the pay in the posting itself are listed (not "on
 * request" rules such as Connecticut's or Nevada's). Not legal advice: the product states that a
 * range is expected, never that a posting breaks a law.
 */
export interface TransparencyLaw {
  id: string;
  jurisdiction: string;
  country: string;
  region: string | null;
  /** Folded city names (lower case, no accents) for a city or county rule; null for a whole state or province. */
  cities: readonly string[] | null;
  since: string;
  minEmployees: number;
  mustPost: string;
  remote: boolean;
  citation: string;
}

/** Cities and towns of Westchester County, NY (the county rule's reach), folded. */
const WESTCHESTER = ['white plains', 'yonkers', 'new rochelle', 'mount vernon', 'scarsdale', 'rye', 'rye brook', 'harrison', 'purchase', 'armonk', 'tarrytown', 'sleepy hollow', 'valhalla', 'elmsford', 'port chester', 'mamaroneck', 'larchmont', 'ossining', 'peekskill', 'pleasantville', 'chappaqua', 'bronxville', 'dobbs ferry', 'hastings-on-hudson', 'irvington', 'mount kisco', 'bedford', 'croton-on-hudson', 'yorktown heights', 'hawthorne', 'ardsley', 'eastchester', 'tuckahoe', 'pelham'];

/** New York City and its boroughs, folded. */
const NEW_YORK_CITY = ['new york', 'new york city', 'nyc', 'manhattan', 'brooklyn', 'queens', 'bronx', 'the bronx', 'staten island', 'long island city'];

export const TRANSPARENCY_LAWS: readonly TransparencyLaw[] = [
  { id: 'us-co', jurisdiction: 'Colorado', country: 'US', region: 'CO', cities: null, since: '2021-01-01', minEmployees: 1, remote: true,
    mustPost: 'the hourly or salary compensation, or a range, and a general description of benefits and other compensation',
    citation: 'Equal Pay for Equal Work Act, SB 19-085, C.R.S. § 8-5-201(2); rules 7 CCR 1103-13 (remote jobs that may be done in Colorado)' },
  { id: 'us-jersey-city', jurisdiction: 'Jersey City', country: 'US', region: 'NJ', cities: ['jersey city'], since: '2022-04-13', minEmployees: 5, remote: false,
    mustPost: 'the minimum and maximum salary or hourly wage, and the benefits',
    citation: 'Jersey City Municipal Code § 148-4.1, Ordinance 22-026 (2022) as amended by Ordinance 22-045' },
  { id: 'us-ithaca', jurisdiction: 'Ithaca', country: 'US', region: 'NY', cities: ['ithaca'], since: '2022-09-01', minEmployees: 4, remote: false,
    mustPost: 'the minimum and maximum salary or hourly wage',
    citation: 'City of Ithaca pay transparency ordinance amending the City Code human rights chapter (adopted 2022, in force 2022-09-01)' },
  { id: 'us-nyc', jurisdiction: 'New York City', country: 'US', region: 'NY', cities: NEW_YORK_CITY, since: '2022-11-01', minEmployees: 4, remote: true,
    mustPost: 'the good-faith minimum and maximum salary or hourly wage',
    citation: 'NYC Local Law 32 of 2022 as amended by Local Law 59 of 2022, N.Y.C. Admin. Code § 8-107(32)' },
  { id: 'us-westchester', jurisdiction: 'Westchester County', country: 'US', region: 'NY', cities: WESTCHESTER, since: '2022-11-06', minEmployees: 4, remote: false,
    mustPost: 'the good-faith minimum and maximum salary or hourly wage',
    citation: 'Westchester County Human Rights Law, Laws of Westchester County § 700.03 (as amended 2022)' },
  { id: 'us-ca', jurisdiction: 'California', country: 'US', region: 'CA', cities: null, since: '2023-01-01', minEmployees: 15, remote: true,
    mustPost: 'the pay scale: the salary or hourly wage range the employer reasonably expects to pay',
    citation: 'SB 1162 (2022), Cal. Lab. Code § 432.3(c)(3)' },
  { id: 'us-wa', jurisdiction: 'Washington', country: 'US', region: 'WA', cities: null, since: '2023-01-01', minEmployees: 15, remote: true,
    mustPost: 'the wage scale or salary range, and a general description of benefits and other compensation',
    citation: 'SB 5761 (2022), RCW 49.58.110' },
  { id: 'us-ny', jurisdiction: 'New York State', country: 'US', region: 'NY', cities: null, since: '2023-09-17', minEmployees: 4, remote: true,
    mustPost: 'the compensation or a good-faith range of compensation',
    citation: 'S9427A (2022), N.Y. Labor Law § 194-b' },
  { id: 'ca-bc', jurisdiction: 'British Columbia', country: 'CA', region: 'BC', cities: null, since: '2023-11-01', minEmployees: 1, remote: false,
    mustPost: 'the expected pay or pay range',
    citation: 'Pay Transparency Act, S.B.C. 2023, c. 18, s. 5' },
  { id: 'us-hi', jurisdiction: 'Hawaii', country: 'US', region: 'HI', cities: null, since: '2024-01-01', minEmployees: 50, remote: false,
    mustPost: 'the hourly rate or salary range that reasonably reflects the expected pay',
    citation: 'SB 1057, Act 203 (2023), Haw. Rev. Stat. § 378-2.4' },
  { id: 'us-dc', jurisdiction: 'District of Columbia', country: 'US', region: 'DC', cities: null, since: '2024-06-30', minEmployees: 1, remote: false,
    mustPost: 'the minimum and maximum projected salary or hourly pay',
    citation: 'Wage Transparency Omnibus Amendment Act of 2023, D.C. Code § 32-1451 et seq.' },
  { id: 'us-md', jurisdiction: 'Maryland', country: 'US', region: 'MD', cities: null, since: '2024-10-01', minEmployees: 1, remote: false,
    mustPost: 'the wage range and a general description of benefits and other compensation',
    citation: 'SB 525 (2024), Md. Code, Lab. & Empl. § 3-304.2' },
  { id: 'us-il', jurisdiction: 'Illinois', country: 'US', region: 'IL', cities: null, since: '2025-01-01', minEmployees: 15, remote: true,
    mustPost: 'the pay scale and benefits',
    citation: 'HB 3129, Public Act 103-0539 (2023), 820 ILCS 112/10(b-25)' },
  { id: 'us-mn', jurisdiction: 'Minnesota', country: 'US', region: 'MN', cities: null, since: '2025-01-01', minEmployees: 30, remote: false,
    mustPost: 'the starting salary range and a general description of benefits and other compensation',
    citation: 'Minn. Stat. § 181.173 (enacted 2024)' },
  { id: 'us-nj', jurisdiction: 'New Jersey', country: 'US', region: 'NJ', cities: null, since: '2025-06-01', minEmployees: 10, remote: false,
    mustPost: 'the hourly wage or salary, or a range, and a general description of benefits and other compensation',
    citation: 'S2310, P.L. 2024, c. 91' },
  { id: 'us-vt', jurisdiction: 'Vermont', country: 'US', region: 'VT', cities: null, since: '2025-07-01', minEmployees: 5, remote: true,
    mustPost: 'the compensation or range of compensation',
    citation: 'H.704, Act 155 (2024), 21 V.S.A. § 495o' },
  { id: 'us-ma', jurisdiction: 'Massachusetts', country: 'US', region: 'MA', cities: null, since: '2025-10-29', minEmployees: 25, remote: false,
    mustPost: 'the pay range: the annual salary or hourly wage range the employer reasonably and in good faith expects to pay',
    citation: 'H 4890, Chapter 141 of the Acts of 2024, M.G.L. c. 149, § 105F' },
  { id: 'ca-on', jurisdiction: 'Ontario', country: 'CA', region: 'ON', cities: null, since: '2026-01-01', minEmployees: 25, remote: false,
    mustPost: 'the expected compensation or its range (a range of at most $50,000)',
    citation: 'Working for Workers Four Act, 2024 (Bill 149), Employment Standards Act, 2000, s. 8.1' },
];
