import { describe, expect, it } from 'vitest';
import { resolveWorkplace } from './workplace';

// Location texts from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json.
describe('resolveWorkplace', () => {
  it('takes an explicit workplace type first', () => {
    expect(resolveWorkplace({ workplaceType: 'Hybrid', isRemote: true, locationTexts: ['Remote'] })).toBe('hybrid');
    expect(resolveWorkplace({ workplaceType: 'OnSite', locationTexts: ['Remote (US)'] })).toBe('onsite');
    expect(resolveWorkplace({ workplaceType: 'Remote', isRemote: false })).toBe('remote');
    expect(resolveWorkplace({ workplaceType: 'On-site' })).toBe('onsite');
  });

  it('then the remote flag', () => {
    expect(resolveWorkplace({ isRemote: true, locationTexts: ['San Francisco, CA (Hybrid) OR Remote-Global'] })).toBe('remote');
    expect(resolveWorkplace({ workplaceType: 'Unknown', isRemote: true, locationTexts: ['Boston'] })).toBe('remote');
  });

  it('then the location texts', () => {
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['London, UK (hybrid)'] })).toBe('hybrid');
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['Foster City, CA (Hybrid) In office M,W,F'] })).toBe('hybrid');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Boston', 'NYC', 'Remote'] })).toBe('remote');
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['San Francisco', 'Remote'] })).toBe('remote');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Brazil (Remote)'] })).toBe('remote');
  });

  it('else on-site', () => {
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['New York City, NY (onsite)'] })).toBe('onsite');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Remotely Falls, TX'] })).toBe('onsite');
    expect(resolveWorkplace({})).toBe('onsite');
  });
});
