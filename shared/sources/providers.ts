/**
 * The provider registry: every ATS provider's definition (shared/sources/provider.ts), one per id
 * of shared/ats/provider-ids.ts. Adding a provider = its adapter module (parse + definition)
 * and fixtures, its id in provider-ids.ts and its line here; the type checker refuses a missing one.
 */
import { ashbyProvider } from './ashby';
import { gemProvider } from './gem';
import { greenhouseProvider } from './greenhouse';
import { leverProvider } from './lever';
import type { Endpoints, ProviderDefinition } from './provider';
import { ATS_PROVIDERS, type AtsProvider } from '../ats/provider-ids';
import { recruiteeProvider } from './recruitee';
import { ripplingProvider } from './rippling';
import { smartRecruitersProvider } from './smartrecruiters';
import { workableProvider } from './workable';
import { workdayProvider } from './workday';

export const PROVIDERS: Readonly<Record<AtsProvider, ProviderDefinition>> = {
  ashby: ashbyProvider,
  greenhouse: greenhouseProvider,
  lever: leverProvider,
  workable: workableProvider,
  smartrecruiters: smartRecruitersProvider,
  recruitee: recruiteeProvider,
  workday: workdayProvider,
  rippling: ripplingProvider,
  gem: gemProvider,
};

/** The definitions in the order of ATS_PROVIDERS. */
export const PROVIDER_LIST: readonly ProviderDefinition[] = ATS_PROVIDERS.map((id) => PROVIDERS[id]);

/** Every provider's own API bases, merged (names are unique across providers). */
export const DEFAULT_ENDPOINTS: Endpoints = Object.assign({}, ...PROVIDER_LIST.map((provider) => provider.endpoints)) as Endpoints;

/** Every provider under one local fixture server (`base` = its origin), one path prefix each. */
export const localEndpoints = (base: string): Endpoints => Object.assign({}, ...PROVIDER_LIST.map((provider) => provider.localEndpoints(base))) as Endpoints;
