/**
 * What a bundle gets for `semver` (esbuild alias of the functions that ask for it, infra/aws/constructs/api.ts)
 * when only aws-xray-sdk-core loads it: its patchers/aws_p.js checks the version of an AWS SDK v2
 * passed to `captureAWS`. The functions here trace AWS SDK v3 clients with Powertools Tracer's
 * `captureAWSv3Client` (lambdas/observability/tracer.ts), which never reaches it: about 8 KB gzipped.
 * @throws Error if anything does compare versions: remove the alias for that function then.
 */
export const gte = (): never => {
  throw new Error('semver is left out of this bundle (infra/aws/bundle/xray-sdk-v2-unused.ts): trace AWS SDK v3 clients with captureAWSv3Client');
};
