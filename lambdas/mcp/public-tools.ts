/**
 * The MCP server's public tools (issue 21; names and descriptions in tool-catalog.ts), each a thin
 * adapter over the domain function the HTTP API calls for the same thing, never HTTP to ourselves:
 *
 * - `search_jobs` → `findJobs` (the `POST /jobs` body; page size at most MAX_PAGE_SIZE here);
 * - `get_job` → `getJob`; `similar_jobs` → `getJob` + `similarJobs`;
 * - `list_filters` → `findJobs` of the whole board (its facet counts) and the filters' values;
 * - `search_companies` → `listCompanies`; `get_company` → `getCompany`; `coverage` → `getCoverage`.
 *
 * Every tool declares an input schema (the arguments' JSON Schema comes from the same zod
 * schemas the API parses with) and an output schema, and answers `structuredContent` with the
 * same object as JSON text after a line saying that crawled text in it is data. A bad argument
 * is a tool error (`isError: true`) naming it ("... Too big: expected number to be <=50 at page_size"),
 * a missing job or company a tool error with the API's 404 message; a server fault a tool error
 * with the API's safe 5xx message (logged, details never answered).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { getCompany } from '../../shared/catalog/get-company';
import { getJob } from '../../shared/catalog/get-job';
import { listCompanies } from '../../shared/companies/list-companies';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import type { CoverageReport } from '../../shared/crawl/coverage';
import { DepartmentSchema } from '../../shared/departments/department';
import { countryName } from '../../shared/format/job-labels';
import { AtsSchema, EmploymentTypeSchema, SenioritySchema, WorkplaceSchema } from '../../shared/jobs/job';
import type { JobRepository } from '../../shared/jobs/job-ports';
import { companyKey, type Company, type PublicCompany } from '../../shared/companies/company';
import { companyPagePath } from '../../shared/seo/page-paths';
import { findJobs } from '../../shared/search/find-jobs';
import { JobFacetsSchema, JobQuerySchema } from '../../shared/search/job-query';
import type { JobIndex } from '../../shared/search/job-search';
import { similarJobs } from '../../shared/search/similar-jobs';
import type { Clock } from '../../shared/time/clock';
import { errorResult } from '../http/responses';
import type { Logger } from '../observability/log';
import { DescriptionFormatSchema, JobBriefSchema, JobPostingSchema, jobBrief, jobPosting } from './job-brief';
import { DATA_NOTE, toolEntry, type ToolName } from './tool-catalog';

export interface PublicToolDeps {
  jobs: JobRepository;
  companies: Pick<CompanyRepository, 'get' | 'listListed'>;
  /** The search index over the current catalog (kept warm across invocations). */
  searchIndex(): Promise<JobIndex>;
  /** The coverage report (computed at most every few minutes). */
  coverage(): Promise<CoverageReport>;
  clock: Clock;
  logger: Logger;
}

/** Jobs a `search_jobs` page holds at most: 50 summaries are about 6,000 tokens. */
export const MAX_PAGE_SIZE = 50;

/** What the POST /jobs fields that are not filters mean to an agent (the filters describe themselves in shared/search). */
const FIELD_NOTES: Readonly<Record<string, string>> = {
  page: 'Zero-based page number (default 0).',
  page_size: `Jobs per page, 1 to ${MAX_PAGE_SIZE} (default 20).`,
  search: 'Search text as a list of strings joined by spaces, e.g. ["ml engineer", "python"]; quoted phrases match word after word.',
  sort: 'relevance (default with search text), newest (default without) or salary (highest yearly USD first).',
};

/** The `search_jobs` arguments: the `POST /jobs` body (every filter, paging, sort) without descriptions, at most MAX_PAGE_SIZE a page. */
export const SearchJobsInputSchema = (() => {
  const base = JobQuerySchema.omit({ include_description: true }).extend({ page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20) });
  const shape = Object.fromEntries(
    Object.entries(base.shape).map(([name, field]) => {
      const note = FIELD_NOTES[name];
      return [name, note !== undefined && (field as z.ZodType).description === undefined ? (field as z.ZodType).describe(note) : field];
    }),
  ) as typeof base.shape;
  return z.strictObject(shape);
})();

const SearchJobsOutputSchema = z.object({ count: z.number().int(), page: z.number().int(), page_size: z.number().int(), jobs: z.array(JobBriefSchema), facets: JobFacetsSchema });

const JobRefShape = {
  company: z.string().min(1).max(200).describe('The company name, as in a search_jobs summary'),
  slug: z.string().min(1).max(300).describe('The job’s slug, as in a search_jobs summary'),
};

const GetJobInputSchema = z.strictObject({ ...JobRefShape, format: DescriptionFormatSchema.default('markdown').describe('markdown (default) or text') });

const SimilarJobsInputSchema = z.strictObject({
  ...JobRefShape,
  exclude_same_company: z.boolean().default(false).describe('true: leave out jobs of the same company'),
  limit: z.number().int().min(1).max(20).default(10).describe('At most this many jobs, 1 to 20 (default 10)'),
});

const ValueCount = z.object({ value: z.string(), count: z.number().int() });
const ListFiltersOutputSchema = z.object({
  open_jobs: z.number().int(),
  filters: z.object({
    departments: z.array(ValueCount),
    is_remote: z.array(ValueCount),
    seniority: z.array(ValueCount),
    employment_types: z.array(ValueCount),
    countries: z.array(ValueCount.extend({ name: z.string() })),
  }),
  sort: z.array(z.string()),
});

const CompanyBriefSchema = z.object({
  name: z.string(),
  ats: AtsSchema.nullable(),
  board_token: z.string().nullable(),
  open_jobs: z.number().int(),
  ai_category: z.string().nullable(),
  hq: z.string().nullable(),
  employees: z.string().nullable(),
  year_founded: z.number().int().nullable(),
  funding: z.string().nullable(),
  funding_stage: z.string().nullable(),
  website: z.string().nullable(),
  company_page: z.string(),
});

const SearchCompaniesInputSchema = z.strictObject({
  text: z.string().trim().max(100).optional().describe('Part of the company name, any case'),
  ats: AtsSchema.optional().describe('Only companies whose jobs are read from this ATS'),
  page: z.number().int().min(0).max(1000).default(0).describe('Zero-based page number (default 0)'),
  page_size: z.number().int().min(1).max(100).default(25).describe('Companies per page, 1 to 100 (default 25)'),
});
const SearchCompaniesOutputSchema = z.object({ count: z.number().int(), companies: z.array(CompanyBriefSchema) });

const GetCompanyInputSchema = z.strictObject({
  name: z.string().min(1).max(200).describe('The company name, any case'),
  jobs_limit: z.number().int().min(0).max(50).default(10).describe('How many of its newest open jobs to list, 0 to 50 (default 10)'),
});
const GetCompanyOutputSchema = z.object({
  company: CompanyBriefSchema,
  jobs_by_department: z.array(z.object({ department: DepartmentSchema, open_jobs: z.number().int() })),
  newest_jobs: z.array(JobBriefSchema),
});

const CoverageOutputSchema = z.object({
  generated_at: z.string(),
  companies_total: z.number().int(),
  companies_by_ats: z.array(z.object({ ats: z.string(), companies: z.number().int() })),
  jobs_open: z.number().int(),
  new_today: z.number().int(),
  closed_today: z.number().int(),
  last_crawl: z.object({ finished_at: z.string(), companies_ok: z.number().int(), companies_failing: z.number().int() }).nullable(),
  failing_sources: z.array(z.object({ company_name: z.string(), ats: z.string(), reason: z.string().nullable(), last_ok_at: z.string().nullable() })),
  new_per_day: z.array(z.object({ day: z.string(), jobs: z.number().int() })),
  /** Per company: its open jobs under a pay-transparency law, and how many of them post no pay range. */
  pay_ranges: z.array(z.object({ company_name: z.string(), jobs_under_law: z.number().int(), without_range: z.number().int(), share_without_range: z.number() })),
  /** Set when the catalog is the demo seed: real postings captured on that day (YYYY-MM-DD), shown as if read today. */
  demo_catalog: z.object({ captured_on: z.string() }).nullable(),
});

/** A tool's answer: the object as structured content, and as JSON text after the data note. */
export const toolAnswer = (structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: `${DATA_NOTE}\n${JSON.stringify(structured)}` }],
  structuredContent: structured,
});

/** A tool error: the API's message for the error (4xx: what was wrong; 5xx: nothing of the internals). */
export const toolError = (error: unknown, logger: Logger, tool: string): CallToolResult => {
  const { message, serverFault } = errorResult(error);
  if (serverFault) logger('error', 'MCP tool failed', { tool, error: error instanceof Error ? { name: error.name, message: error.message } : String(error) });
  return { content: [{ type: 'text', text: message }], isError: true };
};

/** Registers `name` (catalog title and description) with its schemas; `run`'s throws become tool errors. */
export const registerTool = <In extends z.ZodObject, Out extends z.ZodObject>(
  server: McpServer,
  logger: Logger,
  name: ToolName,
  schemas: { input: In; output: Out; readOnly: boolean },
  run: (args: z.output<In>) => Promise<z.input<Out>>,
): void => {
  const entry = toolEntry(name);
  server.registerTool(
    name,
    {
      title: entry.title,
      description: `${entry.description} ${DATA_NOTE}`,
      inputSchema: schemas.input,
      outputSchema: schemas.output,
      annotations: { readOnlyHint: schemas.readOnly, openWorldHint: false },
    },
    (async (args: z.output<In>) => {
      try {
        return toolAnswer((await run(args)) as Record<string, unknown>);
      } catch (error) {
        return toolError(error, logger, name);
      }
    }) as never,
  );
};

type CompanyFacts = PublicCompany & Pick<Company, 'ats' | 'board_token'>;

const companyBrief = (company: CompanyFacts, siteUrl: string): z.infer<typeof CompanyBriefSchema> => ({
  name: company.company_name,
  ats: company.ats,
  board_token: company.board_token,
  open_jobs: company.job_count,
  ai_category: company.ai_category,
  hq: company.hq,
  employees: company.employees,
  year_founded: company.year_founded,
  funding: company.fund,
  funding_stage: company.fund_stage,
  website: company.company_url,
  company_page: `${siteUrl}${companyPagePath(company.company_name)}`,
});

/** Registers the public tools on `server`, their links on `siteUrl` (an origin without a trailing slash). */
export const registerPublicTools = (server: McpServer, deps: PublicToolDeps, siteUrl: string): void => {
  const findDeps = async () => ({ index: await deps.searchIndex(), jobs: deps.jobs, clock: deps.clock });
  const tool = <In extends z.ZodObject, Out extends z.ZodObject>(name: ToolName, input: In, output: Out, run: (args: z.output<In>) => Promise<z.input<Out>>) =>
    registerTool(server, deps.logger, name, { input, output, readOnly: true }, run);

  tool('search_jobs', SearchJobsInputSchema, SearchJobsOutputSchema, async (args) => {
    const page = await findJobs(args, await findDeps());
    return { count: page.count, page: args.page, page_size: args.page_size, jobs: page.jobs.map((job) => jobBrief(job, siteUrl)), facets: page.facets };
  });

  tool('get_job', GetJobInputSchema, z.object({ job: JobPostingSchema }), async ({ company, slug, format }) => ({
    job: jobPosting(await getJob({ company, slug }, deps), siteUrl, format),
  }));

  tool('similar_jobs', SimilarJobsInputSchema, z.object({ of: JobBriefSchema, jobs: z.array(JobBriefSchema) }), async ({ company, slug, exclude_same_company: excludeSameCompany, limit }) => {
    const job = await getJob({ company, slug }, deps);
    const similar = await similarJobs(job, { excludeSameCompany, limit }, await findDeps());
    return { of: jobBrief(job, siteUrl), jobs: similar.map((other) => jobBrief(other, siteUrl)) };
  });

  tool('list_filters', z.strictObject({}), ListFiltersOutputSchema, async () => {
    const { count, facets } = await findJobs({ page_size: 1 }, await findDeps());
    const counted = <V extends string>(values: readonly V[], counts: Partial<Record<V, number>>) => values.map((value) => ({ value, count: counts[value] ?? 0 }));
    return {
      open_jobs: count,
      filters: {
        departments: counted(DepartmentSchema.options, facets.department),
        is_remote: counted(WorkplaceSchema.options, facets.workplace),
        seniority: counted(SenioritySchema.options, facets.seniority),
        employment_types: counted(EmploymentTypeSchema.options, facets.employment_type),
        countries: Object.entries(facets.country)
          .sort(([, a], [, b]) => b - a)
          .map(([value, jobs]) => ({ value, name: countryName(value), count: jobs })),
      },
      sort: ['relevance', 'newest', 'salary'],
    };
  });

  tool('search_companies', SearchCompaniesInputSchema, SearchCompaniesOutputSchema, async ({ text, ats, page, page_size: pageSize }) => {
    const listed = await deps.companies.listListed();
    const byName = new Map(listed.map((company) => [company.company_name, company]));
    const { companies } = await listCompanies({ companies: { listListed: async () => listed } });
    const wanted = text === undefined || text === '' ? null : companyKey(text);
    const matching = companies
      .map((company) => byName.get(company.company_name)!)
      .filter((company) => (wanted === null || company.company_key.includes(wanted)) && (ats === undefined || company.ats === ats));
    return { count: matching.length, companies: matching.slice(page * pageSize, (page + 1) * pageSize).map((company) => companyBrief(company, siteUrl)) };
  });

  tool('get_company', GetCompanyInputSchema, GetCompanyOutputSchema, async ({ name, jobs_limit: jobsLimit }) => {
    const found = await getCompany({ name }, deps);
    const stored = await deps.companies.get(companyKey(found.company_name));
    const newest = found.jobs
      .flatMap((group) => group.jobs)
      .sort((a, b) => b.date_posted.localeCompare(a.date_posted))
      .slice(0, jobsLimit);
    return {
      company: companyBrief({ ...found, ats: stored?.ats ?? null, board_token: stored?.board_token ?? null }, siteUrl),
      jobs_by_department: found.jobs.map((group) => ({ department: group.department, open_jobs: group.jobs.length })),
      newest_jobs: newest.map((job) => jobBrief(job, siteUrl)),
    };
  });

  tool('coverage', z.strictObject({}), CoverageOutputSchema, async () => deps.coverage());
};
