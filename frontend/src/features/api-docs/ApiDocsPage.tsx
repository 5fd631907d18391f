/**
 * /api-docs: the public API as a person reads it, from the OpenAPI 3.1 document the API serves
 * (`GET /api/openapi.json`, generated from the handlers' own schemas, so this page cannot
 * drift from them): each route with its method, path, summary, parameters and body fields,
 * grouped by area, with links to the document itself and to a feed; then the MCP server's
 * section (McpSection.tsx) with its tools and the configuration to paste into agents' clients.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { getJson } from '../../api/http';
import { routeData } from '../../api/route-data';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import styles from './ApiDocsPage.module.css';
import { McpSection, type McpTool } from './McpSection';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  maximum?: number;
  minimum?: number;
}

interface Operation {
  summary: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  /** Empty for public routes; the bearer JWT scheme for signed-in ones. */
  security?: Record<string, string[]>[];
}

interface OpenApiDocument {
  info: { title: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** The MCP server's endpoint and tools (lambdas/http/openapi.ts). */
  'x-mcp'?: { endpoint: string; tools: McpTool[] };
}

/** The OpenAPI document, as GET /api/openapi.json answers it, and the site's origin as the page was asked for (for the MCP address). */
export const loader = async ({ request }: LoaderFunctionArgs): Promise<{ document: OpenApiDocument; origin: string }> => ({
  document: await routeData(getJson<OpenApiDocument>('/openapi.json', request.signal)),
  origin: new URL(request.url).origin,
});

/** "string", "integer 1–90", "one of remote, hybrid, onsite", "list of …" from a JSON Schema. */
function describeType(schema: JsonSchema): string {
  const options = schema.anyOf?.filter((one) => one.type !== 'null') ?? [];
  if (options.length === 1) return describeType(options[0]!);
  if (schema.enum) return `one of ${schema.enum.map(String).join(', ')}`;
  if (schema.type === 'array' && schema.items) return `list of ${describeType(schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.filter((one) => one !== 'null').join(' or ') : (schema.type ?? 'any');
  const range = schema.minimum !== undefined && schema.maximum !== undefined ? ` ${schema.minimum}–${schema.maximum}` : '';
  return `${type}${range}`;
}

function Fields({ label, fields }: { label: string; fields: { name: string; type: string; required: boolean }[] }) {
  if (fields.length === 0) return null;
  return (
    <>
      <h4 className={styles.fieldsHeading}>{label}</h4>
      <ul className={styles.fields}>
        {fields.map((field) => (
          <li key={field.name}>
            <code>{field.name}</code> <span className={styles.type}>{field.type}</span>
            {field.required && <span className={styles.required}> (required)</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function ApiDocsPage() {
  useDocumentMeta('API documentation | Latent Jobs', 'The Latent Jobs public API: job search with filters and facets, suggestions, RSS and JSON feeds, jobs, companies and the blog.', {
    canonical: '/api-docs',
  });
  const { document, origin } = useLoaderData<{ document: OpenApiDocument; origin: string }>();
  const base = document.servers[0]?.url ?? '/api';
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ id: `${method} ${path}`, method: method.toUpperCase(), path, operation })),
  );
  const tags = [...new Set(operations.map(({ operation }) => operation.tags[0] ?? 'other'))];

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>API documentation</h1>
      <p className={`${styles.intro} ${styles.description}`}>{document.info.description}</p>
      <p className={styles.intro}>
        Machine-readable: <a href={`${base}/openapi.json`}>OpenAPI 3.1 document</a>. Feeds of any search take the page URL&apos;s parameters, e.g.{' '}
        <a href="/feeds/jobs.rss?search=python">/feeds/jobs.rss?search=python</a> or <a href="/feeds/jobs.json?remote_from=DE">/feeds/jobs.json?remote_from=DE</a>.
      </p>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={`api-${tag}`}>
          <h2 id={`api-${tag}`} className={styles.tag}>
            {tag}
          </h2>
          {operations
            .filter(({ operation }) => (operation.tags[0] ?? 'other') === tag)
            .map(({ id, method, path, operation }) => {
              const body = operation.requestBody?.content['application/json']?.schema;
              return (
                <article key={id} className={styles.operation}>
                  <h3 className={styles.route}>
                    <span className={styles.method}>{method}</span> <code>{`${base}${path}`}</code>
                  </h3>
                  <p className={styles.summary}>
                    {operation.summary}
                    {operation.security?.length ? ' (signed in: send the sign-in token as Authorization: Bearer)' : ''}
                  </p>
                  <Fields
                    label="Parameters"
                    fields={operation.parameters.map((parameter) => ({ name: `${parameter.name} (${parameter.in})`, type: describeType(parameter.schema), required: parameter.required }))}
                  />
                  <Fields
                    label="JSON body"
                    fields={Object.entries(body?.properties ?? {}).map(([name, schema]) => ({ name, type: describeType(schema), required: false }))}
                  />
                </article>
              );
            })}
        </section>
      ))}
      {document['x-mcp'] !== undefined && <McpSection origin={origin} endpoint={document['x-mcp'].endpoint} tools={document['x-mcp'].tools} />}
    </div>
  );
}
