/**
 * The /mcp section of /api-docs (issue 21): the MCP server's address on this site, its tools (from
 * the OpenAPI document's `x-mcp`, which the server's own tool list fills), and the configuration
 * to paste into common clients, remote (Streamable HTTP) and desktop (stdio through the repository's
 * `npx latent-jobs-mcp`).
 */
import styles from './ApiDocsPage.module.css';

export interface McpTool {
  name: string;
  title: string;
  description: string;
  signed_in: boolean;
}

/** The client configurations for a site at `origin`, as each client's settings file spells them. */
export const mcpClientConfigs = (origin: string): { client: string; file: string; json: object }[] => {
  const url = `${origin}/mcp`;
  const stdio = { command: 'npx', args: ['latent-jobs-mcp'], env: { LATENT_JOBS_URL: origin } };
  return [
    { client: 'Claude Desktop, Cursor and other mcpServers clients (remote)', file: 'claude_desktop_config.json, ~/.cursor/mcp.json', json: { mcpServers: { 'latent-jobs': { type: 'http', url } } } },
    { client: 'VS Code (remote)', file: '.vscode/mcp.json', json: { servers: { 'latent-jobs': { type: 'http', url } } } },
    { client: 'Desktop clients over stdio, run from a clone of the repository', file: 'claude_desktop_config.json, .vscode/mcp.json (as "servers")', json: { mcpServers: { 'latent-jobs': stdio } } },
  ];
};

export function McpSection({ origin, endpoint, tools }: { origin: string; endpoint: string; tools: McpTool[] }) {
  return (
    <section aria-labelledby="mcp" className={styles.mcp}>
      <h2 id="mcp" className={styles.tag}>
        MCP server for agents
      </h2>
      <p className={styles.summary}>
        AI assistants can search Latent Jobs through the Model Context Protocol at <code>{`${origin}${endpoint}`}</code> (Streamable HTTP, stateless, JSON answers). The public
        tools need no account; the saved-search tools need a sign-in token (the server names its authorisation server at{' '}
        <code>/.well-known/oauth-protected-resource/mcp</code>). Job text in the answers comes from employers&apos; sites and is returned as data.
      </p>
      <ul className={styles.fields}>
        {tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code>
            {tool.signed_in && <span className={styles.required}> (signed in)</span>}: {tool.description}
          </li>
        ))}
      </ul>
      {mcpClientConfigs(origin).map((config) => (
        <article key={config.client} className={styles.operation}>
          <h3 className={styles.route}>{config.client}</h3>
          <p className={styles.summary}>
            In <code>{config.file}</code>:
          </p>
          <pre className={styles.config}>{JSON.stringify(config.json, null, 2)}</pre>
        </article>
      ))}
    </section>
  );
}
