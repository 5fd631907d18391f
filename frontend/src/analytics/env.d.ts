/** Build-time variables read by ./config.ts (the only reader). */
interface ImportMetaEnv {
  readonly VITE_PLAUSIBLE_DOMAIN?: string;
  readonly VITE_PLAUSIBLE_SCRIPT_URL?: string;
}
