/**
 * npm postinstall: removes node_modules/.bin/node, the link the `node` devDependency (Node 22, for
 * the MCP conformance suite, which needs it: tests/mcp/mcp-ecosystem.test.ts runs it by its own
 * path) would otherwise put first on every npm script's PATH. Without this, `npm start`, `npm test`
 * and every command would run on Node 22 and the machine's Node 20 would go untested; the code
 * must run on both (Node 20 here, nodejs22.x on Lambda).
 */
import { rmSync } from 'node:fs';

rmSync(new URL('../../node_modules/.bin/node', import.meta.url), { force: true });
