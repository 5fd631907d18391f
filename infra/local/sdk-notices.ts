/**
 * Imported first by every local command (`npm start`, `npm run crawl`, `seed`, `digest`, ...):
 * turns off, with each SDK's own documented switch, two notices that concern this machine's
 * Node version and not the person running the command.
 *
 * - AWS SDK for JavaScript v3 (@aws-sdk/core 3.1162.0, `emitWarningIfUnsupportedVersion`): on
 *   Node below 22 every process prints "NodeVersionSupportWarning: ... versions published after
 *   the first week of January 2027 will require node >=22" before its first request. Lambda runs
 *   nodejs22.x; this machine runs Node 20. Switch: AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true.
 * - AWS SDK v2 (inside cognito-local, the local user pool's child process, which inherits this
 *   environment): its maintenance-mode message. Switch: AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE=1.
 *
 * A value already set in the environment is kept (set it to "false" to see the Node warning).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';

export {};
