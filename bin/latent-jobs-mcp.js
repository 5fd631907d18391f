#!/usr/bin/env node
// `npx latent-jobs-mcp` from the repository: the MCP server on stdio (infra/local/mcp-stdio-cli.ts),
// run through tsx's loader as `npm run mcp` runs it.
import { register } from 'tsx/esm/api';

register();
await import('../infra/local/mcp-stdio-cli.ts');
