/**
 * `npm run mcp` / `npx latent-jobs-mcp`: the MCP server on stdio for desktop clients, proxying the
 * tools of the site at LATENT_JOBS_URL (default the local product; infra/local/mcp-stdio.ts).
 * Exits when the client closes stdin.
 */
import { readMcpClientConfig } from '../../lambdas/config';
import { startStdioProxy } from './mcp-stdio';

const config = readMcpClientConfig();
const proxy = await startStdioProxy(config);
process.stderr.write(`latent-jobs-mcp: serving the tools of ${config.endpoint.href} on stdio\n`);
process.stdin.on('end', () => {
  void proxy.close().then(() => process.exit(0));
});
