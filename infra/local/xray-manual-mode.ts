/**
 * Imported first by the local server (infra/local/server.ts), before any handler module.
 *
 * Outside Lambda, Powertools' Tracer is off (lambdas/observability/tracer.ts), yet importing the
 * X-Ray SDK (aws-xray-sdk-core, under the Tracer) switches on its automatic mode: an async hook
 * (cls-hooked) with destroy tracking on every promise the process makes, which cost the local
 * server about a fifth of its CPU time per API request (bench/search-http.ts). So the local
 * product runs the SDK in manual mode unless the environment already says which mode to use.
 * On AWS the function bundles never load this module and keep automatic mode for their traces.
 */
process.env.AWS_XRAY_MANUAL_MODE ??= '1';
