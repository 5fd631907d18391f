/**
 * Builds a Lambda handler on its first invocation and keeps it for the life of the instance:
 * configuration, AWS clients, repositories and caches are created once per cold start, and
 * only when a request needs them (importing the module has no side effects, so tests and the
 * local server can set the environment first).
 */
export const onFirstCall = <Args extends unknown[], Result>(
  make: () => (...args: Args) => Result,
): ((...args: Args) => Result) => {
  let built: ((...args: Args) => Result) | undefined;
  return (...args) => (built ??= make())(...args);
};
