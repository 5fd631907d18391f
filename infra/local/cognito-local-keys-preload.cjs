/**
 * Preloaded into the cognito-local child process (`node --require`, infra/local/cognito-local.ts):
 * puts the data folder's own token-signing key pair (the JSON file COGNITO_LOCAL_SIGNING_KEY names,
 * made by infra/local/cognito-local-keys.ts) in Node's require cache under cognito-local's two
 * published key files, so its token signer and its JWKS use that key pair instead. CommonJS:
 * cognito-local 5.3.0 loads its keys with require().
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload: it must run, and fill require's cache, before cognito-local's own require() calls */
const { readFileSync } = require('node:fs');
const Module = require('node:module');

const file = process.env.COGNITO_LOCAL_SIGNING_KEY;
if (!file) throw new Error('COGNITO_LOCAL_SIGNING_KEY must name the signing key file');
const keys = JSON.parse(readFileSync(file, 'utf8'));

for (const [name, exports] of [['private', keys.private], ['public', keys.public]]) {
  const filename = require.resolve(`cognito-local/lib/keys/cognitoLocal.${name}.json`);
  const module = new Module(filename, null);
  module.filename = filename;
  module.loaded = true;
  module.exports = exports;
  require.cache[filename] = module;
}
